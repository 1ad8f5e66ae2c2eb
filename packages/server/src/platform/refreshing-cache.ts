/**
 * Values every request reads (its session, its user), kept per process for a moment: a value is
 * served at most `ttlMs` after it was read. Past half of that, the next request still gets the
 * kept value and starts reading it again in the background, so a busy session never waits on the
 * read: on PGlite (one connection) that wait put a whole queue of statements in front of one
 * request in twenty, which made the p95 of a job's GET twice its p50. An entry past
 * `ttlMs` is read before answering, as before.
 *
 * `forget` drops an entry at once; a read that started before it is not kept (it may have read
 * what was just changed). `set` keeps a value just written. Bounded: cleared when full.
 */
/** Hits (answered from memory) and misses (read before answering) of each named cache, for GET /metrics. */
export const CACHE_COUNTS = new Map<string, { hits: number; misses: number }>();

function countsFor(name: string): { hits: number; misses: number } {
  let c = CACHE_COUNTS.get(name);
  if (!c) CACHE_COUNTS.set(name, (c = { hits: 0, misses: 0 }));
  return c;
}

interface Entry<V> {
  at: number;
  value: V;
  refreshing: boolean;
}

export class RefreshingCache<K, V> {
  readonly #entries = new Map<K, Entry<V>>();
  /** Counts forgets: a read that saw another count at its start keeps nothing. */
  #forgets = 0;
  readonly #counts: { hits: number; misses: number };

  constructor(
    private readonly ttlMs: number,
    private readonly max: number,
    /** The name its hits and misses are counted under (CACHE_COUNTS). */
    name = 'other',
  ) {
    this.#counts = countsFor(name);
  }

  async get(key: K, load: (key: K) => Promise<V>): Promise<V> {
    const hit = this.#entries.get(key);
    const age = hit ? Date.now() - hit.at : Infinity;
    if (hit && age < this.ttlMs) this.#counts.hits++;
    else this.#counts.misses++;
    if (hit && age < this.ttlMs) {
      if (!hit.refreshing && age >= this.ttlMs / 2) {
        hit.refreshing = true;
        this.#load(key, load, hit).catch(() => (hit.refreshing = false)); // tried again by the next request
      }
      return hit.value;
    }
    return this.#load(key, load, hit);
  }

  /** Reads the value; keeps it unless the entry changed meanwhile (forgotten, or set anew). */
  async #load(key: K, load: (key: K) => Promise<V>, previous: Entry<V> | undefined): Promise<V> {
    const at = Date.now(); // the value is as old as the read's start
    const forgets = this.#forgets;
    const value = await load(key);
    if (this.#forgets === forgets && this.#entries.get(key) === previous) this.set(key, value, at);
    return value;
  }

  set(key: K, value: V, at = Date.now()): void {
    if (this.#entries.size >= this.max && !this.#entries.has(key)) this.#entries.clear();
    this.#entries.set(key, { at, value, refreshing: false });
  }

  forget(key: K): void {
    this.#forgets++;
    this.#entries.delete(key);
  }

  clear(): void {
    this.#forgets++;
    this.#entries.clear();
  }

  /** The keys whose value matches (to forget them). */
  keysWhere(match: (value: V) => boolean): K[] {
    return [...this.#entries].filter(([, e]) => match(e.value)).map(([k]) => k);
  }
}

/**
 * One `RefreshingCache` per database (one process may serve several: tests, benchmarks), and all
 * of them for forgetting: a change may be made through a transaction's `Db`, not the one a cache
 * was made for.
 */
export class RefreshingCachePerDatabase<K, V> {
  readonly #caches = new WeakMap<object, RefreshingCache<K, V>>();
  readonly #all = new Set<RefreshingCache<K, V>>();

  constructor(
    private readonly ttlMs: number,
    private readonly max: number,
    private readonly name = 'other',
  ) {}

  of(db: object): RefreshingCache<K, V> {
    let cache = this.#caches.get(db);
    if (!cache) {
      cache = new RefreshingCache(this.ttlMs, this.max, this.name);
      this.#caches.set(db, cache);
      this.#all.add(cache);
    }
    return cache;
  }

  /** Every database's cache. */
  all(): Iterable<RefreshingCache<K, V>> {
    return this.#all;
  }
}

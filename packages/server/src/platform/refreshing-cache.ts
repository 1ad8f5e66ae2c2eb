/**
 * Values every request reads (its session, its user), kept per process for a moment: a value is
 * served at most `ttlMs` after it was read. Past half of that, the next request still gets the
 * kept value and starts reading it again in the background, so a busy session never waits on the
 * read: on PGlite (one connection) that wait put a whole queue of statements in front of one
 * request in twenty, which made the p95 of a job's GET twice its p50 (issue 9). An entry past
 * `ttlMs` is read before answering, joining a read of it already under way.
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
  /**
   * Reads in flight, each begun after its key was last forgotten. A request that finds its entry
   * expired joins the read already under way (a background refresh that has not come back yet, or
   * another request's) instead of queueing one more: on PGlite every statement waits behind all
   * the others, and a second read of the same row there cost a whole queue's wait (the schedule
   * month's p95 at 20 clients, issue 38).
   */
  readonly #reads = new Map<K, { at: number; value: Promise<V> }>();
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
    const now = Date.now();
    const age = hit ? now - hit.at : Infinity;
    if (hit && age < this.ttlMs) {
      this.#counts.hits++;
      if (!hit.refreshing && age >= this.ttlMs / 2) {
        hit.refreshing = true;
        this.#read(key, load, hit).catch(() => (hit.refreshing = false)); // tried again by the next request
      }
      return hit.value;
    }
    this.#counts.misses++;
    // A read begun less than the TTL ago answers what is at most that old when it comes back.
    const inFlight = this.#reads.get(key);
    if (inFlight && now - inFlight.at < this.ttlMs) return inFlight.value;
    return this.#read(key, load, hit);
  }

  /** Reads the value; keeps it unless the entry changed meanwhile (forgotten, or set anew). */
  #read(key: K, load: (key: K) => Promise<V>, previous: Entry<V> | undefined): Promise<V> {
    const at = Date.now(); // the value is as old as the read's start
    const forgets = this.#forgets;
    const value = load(key).then((v) => {
      if (this.#forgets === forgets && this.#entries.get(key) === previous) this.set(key, v, at);
      return v;
    });
    const read = { at, value };
    this.#reads.set(key, read);
    const done = () => {
      if (this.#reads.get(key) === read) this.#reads.delete(key);
    };
    value.then(done, done);
    return value;
  }

  set(key: K, value: V, at = Date.now()): void {
    if (this.#entries.size >= this.max && !this.#entries.has(key)) this.#entries.clear();
    this.#entries.set(key, { at, value, refreshing: false });
  }

  forget(key: K): void {
    this.#forgets++;
    this.#entries.delete(key);
    this.#reads.delete(key);
  }

  clear(): void {
    this.#forgets++;
    this.#entries.clear();
    this.#reads.clear();
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

/**
 * Failed sign-ins per account and per address: after 5 failures for an email (or 20 from one
 * address) within 15 minutes, further attempts get 429 until the window passes. Kept in memory:
 * with several app servers each enforces its own budget, which still bounds guessing. The address
 * is the socket's unless TRUST_PROXY names the proxies allowed to set X-Forwarded-For.
 */
const WINDOW_MS = 15 * 60 * 1000;
const ACCOUNT_LIMIT = 5;
const ADDRESS_LIMIT = 20;
/** Keys kept at most; past it the least recently failed keys go first (never the whole map). */
const MAX_KEYS = 100_000;

export class LoginThrottle {
  // A Map iterates in insertion order: re-inserting on each failure keeps the stalest keys first.
  private failures = new Map<string, number[]>();

  constructor(
    private readonly maxKeys = MAX_KEYS,
    /** Attempts allowed per account and per address within the window (the forgot-password link has its own). */
    private readonly limits = { account: ACCOUNT_LIMIT, address: ADDRESS_LIMIT },
  ) {}

  get size(): number {
    return this.failures.size;
  }

  private recent(key: string, now: number): number[] {
    const list = (this.failures.get(key) ?? []).filter((t) => now - t < WINDOW_MS);
    if (!list.length) this.failures.delete(key);
    else if (list.length !== this.failures.get(key)?.length) this.failures.set(key, list);
    return list;
  }

  /** Milliseconds until another attempt is allowed (0 = allowed now). */
  blockedFor(account: string, address: string, now = Date.now()): number {
    let wait = 0;
    for (const [key, limit] of [
      [`a:${account}`, this.limits.account],
      [`ip:${address}`, this.limits.address],
    ] as const) {
      const list = this.recent(key, now);
      if (list.length >= limit) wait = Math.max(wait, WINDOW_MS - (now - list[list.length - limit]!));
    }
    return wait;
  }

  fail(account: string, address: string, now = Date.now()): void {
    for (const [key, limit] of [
      [`a:${account}`, this.limits.account],
      [`ip:${address}`, this.limits.address],
    ] as const) {
      const list = [...this.recent(key, now), now].slice(-limit); // only the last `limit` decide
      this.failures.delete(key);
      this.failures.set(key, list);
    }
    // Bound memory under a flood by dropping the least recently failed keys.
    for (const key of this.failures.keys()) {
      if (this.failures.size <= this.maxKeys) break;
      this.failures.delete(key);
    }
  }

  succeed(account: string): void {
    this.failures.delete(`a:${account}`);
  }
}

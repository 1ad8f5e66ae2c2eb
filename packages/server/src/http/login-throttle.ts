/**
 * Failed sign-ins per account and per address: after 5 failures for an email (or 20 from one
 * address) within 15 minutes, further attempts get 429 until the window passes. Kept in memory:
 * with several app servers each enforces its own budget, which still bounds guessing.
 */
const WINDOW_MS = 15 * 60 * 1000;
const ACCOUNT_LIMIT = 5;
const ADDRESS_LIMIT = 20;

export class LoginThrottle {
  private failures = new Map<string, number[]>();

  private recent(key: string, now: number): number[] {
    const list = (this.failures.get(key) ?? []).filter((t) => now - t < WINDOW_MS);
    if (list.length) this.failures.set(key, list);
    else this.failures.delete(key);
    return list;
  }

  /** Milliseconds until another attempt is allowed (0 = allowed now). */
  blockedFor(account: string, address: string, now = Date.now()): number {
    let wait = 0;
    for (const [key, limit] of [[`a:${account}`, ACCOUNT_LIMIT], [`ip:${address}`, ADDRESS_LIMIT]] as const) {
      const list = this.recent(key, now);
      if (list.length >= limit) wait = Math.max(wait, WINDOW_MS - (now - list[list.length - limit]!));
    }
    return wait;
  }

  fail(account: string, address: string, now = Date.now()): void {
    for (const key of [`a:${account}`, `ip:${address}`]) this.failures.set(key, [...this.recent(key, now), now]);
    if (this.failures.size > 100_000) this.failures.clear(); // bound memory under a flood
  }

  succeed(account: string): void {
    this.failures.delete(`a:${account}`);
  }
}

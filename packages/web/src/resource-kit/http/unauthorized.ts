/**
 * What a 401 does: the session registers it (refresh the user, which sends guests to /welcome) and
 * the error mapper calls it. Apart from the error mapper so the first screen does not load that.
 */
let onUnauthorized: (() => void) | null = null;

export function setUnauthorizedHandler(fn: (() => void) | null): void {
  onUnauthorized = fn;
}

export function notifyUnauthorized(): void {
  onUnauthorized?.();
}

/**
 * A bearer token: a secret link or code that is its own only check (a password reset, a client's
 * estimate approval link, a calendar feed's address). 32 random bytes, written out once to whoever
 * it is for; only its sha-256 is kept, so a copy of the database names no working link.
 */
import crypto from 'node:crypto';

/** The kept form of `token`: what a lookup by token compares. */
export const tokenHash = (token: string): string => crypto.createHash('sha256').update(token).digest('hex');

/** A new token, and its hash to keep. */
export function newBearerToken(): { token: string; hash: string } {
  const token = crypto.randomBytes(32).toString('base64url');
  return { token, hash: tokenHash(token) };
}

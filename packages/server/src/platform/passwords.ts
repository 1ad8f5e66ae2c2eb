/** Password hashing, one setting for every hash the server makes (docs/platform.md, Sessions: argon2id). */
import { hash } from '@node-rs/argon2';

const ARGON2_OPTIONS = { algorithm: 2 /* argon2id */ } as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, ARGON2_OPTIONS);
}

/**
 * The session cookie's signer, with the answers it already worked out remembered.
 *
 * Every request's session cookie is checked (session.ts): an HMAC per request for the same few
 * cookies. A signature is a
 * pure function of the value and the secret, so a cookie once verified stays verified: only valid
 * answers are kept (a forged cookie is checked in full every time, and cannot fill the memory),
 * and the maps are bounded.
 */
import fastifyCookie, { type Signer, type UnsignResult } from '@fastify/cookie';

const MAX_REMEMBERED = 10_000;

export function rememberingSigner(secret: string): Signer {
  // The plugin's own check, which it skips for a signer object.
  if (secret.length < 32) throw new Error('the secret must have length 32 or greater');
  const signer = fastifyCookie.signerFactory(secret, 'sha256');
  const signed = new Map<string, string>(); // session id → signed cookie value
  const verified = new Map<string, string>(); // signed cookie value → session id

  const remember = (value: string, signedValue: string) => {
    if (signed.size >= MAX_REMEMBERED) signed.clear();
    if (verified.size >= MAX_REMEMBERED) verified.clear();
    signed.set(value, signedValue);
    verified.set(signedValue, value);
  };

  return {
    sign(value: string): string {
      let signedValue = signed.get(value);
      if (signedValue === undefined) {
        signedValue = signer.sign(value);
        remember(value, signedValue);
      }
      return signedValue;
    },
    unsign(signedValue: string): UnsignResult {
      const value = verified.get(signedValue);
      if (value !== undefined) return { valid: true, renew: false, value };
      const result = signer.unsign(signedValue);
      if (result.valid) remember(result.value, signedValue);
      return result;
    },
  };
}

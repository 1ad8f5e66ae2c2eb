import { describe, expect, it } from 'vitest';
import fastifyCookie from '@fastify/cookie';
import { rememberingSigner } from '../../src/http/session-signer.ts';

const secret = 's'.repeat(48);

describe('session cookie signer (remembers what it verified)', () => {
  it('signs and verifies exactly as the plugin signer does, the first time and again', () => {
    const plain = fastifyCookie.signerFactory(secret, 'sha256');
    const signer = rememberingSigner(secret);
    for (let round = 0; round < 2; round++) {
      expect(signer.sign('abc')).toBe(plain.sign('abc'));
      expect(signer.unsign(plain.sign('def'))).toEqual({ valid: true, renew: false, value: 'def' });
    }
  });

  it('refuses a forged or altered cookie every time, also after the genuine one was verified', () => {
    const signer = rememberingSigner(secret);
    const good = signer.sign('session-1');
    expect(signer.unsign(good).valid).toBe(true);
    const altered = `session-2${good.slice('session-1'.length)}`;
    const otherKey = rememberingSigner('t'.repeat(48)).sign('session-1');
    for (let round = 0; round < 2; round++) {
      expect(signer.unsign(altered)).toEqual({ valid: false, renew: false, value: null });
      expect(signer.unsign(otherKey)).toEqual({ valid: false, renew: false, value: null });
      expect(signer.unsign(`${good}x`).valid).toBe(false);
      expect(signer.unsign('no-signature').valid).toBe(false);
    }
  });

  it('keeps verifying correctly past its memory bound', () => {
    const signer = rememberingSigner(secret);
    const plain = fastifyCookie.signerFactory(secret, 'sha256');
    for (let i = 0; i < 25_000; i++) expect(signer.unsign(plain.sign(`sid-${i}`)).value).toBe(`sid-${i}`);
    expect(signer.unsign(plain.sign('sid-3')).value).toBe('sid-3');
  });

  it('refuses a short secret like the plugin does', () => {
    expect(() => rememberingSigner('short')).toThrow(/32/);
  });
});

/** The delivery's rules that need no server: which refusals are final, the backoff, nodemailer's options from SMTP_URL. */
import { describe, expect, it } from 'vitest';
import { describeSmtp, isPermanent, retryDelayMs, transportOptions } from '../../src/platform/mail/delivery.ts';

describe('mail delivery', () => {
  it('a 5xx reply is final; a 4xx reply, a refused connection or a timeout is tried again', () => {
    expect(isPermanent({ responseCode: 550 })).toBe(true);
    expect(isPermanent({ responseCode: 554 })).toBe(true);
    expect(isPermanent({ responseCode: 451 })).toBe(false);
    expect(isPermanent({ responseCode: 421 })).toBe(false);
    expect(isPermanent({ code: 'ECONNECTION' })).toBe(false);
    expect(isPermanent({ code: 'ETIMEDOUT' })).toBe(false);
  });

  it('waits a minute, then twice as long each time, at most six hours', () => {
    expect([1, 2, 3, 4].map(retryDelayMs)).toEqual([60_000, 120_000, 240_000, 480_000]);
    expect(retryDelayMs(30)).toBe(6 * 3600_000);
  });

  it('reads SMTP_URL: TLS from the start for smtps, decoded credentials, default ports; Settings shows no credentials', () => {
    expect(transportOptions('smtps://me%40x.com:p%40ss@mail.example.com')).toMatchObject({
      host: 'mail.example.com',
      port: 465,
      secure: true,
      auth: { user: 'me@x.com', pass: 'p@ss' },
    });
    expect(transportOptions('smtp://mail.example.com')).toMatchObject({ port: 587, secure: false, auth: undefined });
    expect(describeSmtp('smtp://user:secret@mail.example.com:2525')).toBe('smtp://mail.example.com:2525');
  });
});

import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.ts';
import { QUERY_TIMEOUT_MS } from '../../src/db/pg-driver.ts';

describe('DB_QUERY_TIMEOUT_MS', () => {
  it('defaults to the driver timeout, takes milliseconds, and 0 turns it off', () => {
    expect(loadConfig({}).dbQueryTimeoutMs).toBe(QUERY_TIMEOUT_MS);
    expect(loadConfig({ DB_QUERY_TIMEOUT_MS: '5000' }).dbQueryTimeoutMs).toBe(5000);
    expect(loadConfig({ DB_QUERY_TIMEOUT_MS: '0' }).dbQueryTimeoutMs).toBe(0);
  });

  it('refuses what is not a whole number of milliseconds', () => {
    expect(() => loadConfig({ DB_QUERY_TIMEOUT_MS: '30s' })).toThrow('DB_QUERY_TIMEOUT_MS must be a whole number of milliseconds above 0 (got "30s").');
    expect(() => loadConfig({ DB_QUERY_TIMEOUT_MS: '-1' })).toThrow(/DB_QUERY_TIMEOUT_MS/);
  });
});

describe('a blank variable', () => {
  it('is unset, for every variable (`SMTP_URL=` in a compose file starts the server without mail, on its default port and data directory)', () => {
    const names = ['PORT', 'HOST', 'DATA_DIR', 'DATABASE_URL', 'LOG_LEVEL', 'SESSION_SECRET', 'SECURE_COOKIES', 'WEB_DIST', 'TRUST_PROXY'];
    const more = ['DRAIN_TIMEOUT_MS', 'SCHEDULE_CHECK_MS', 'METRICS_ALLOW', 'DB_QUERY_TIMEOUT_MS', 'SMTP_URL', 'MAIL_FROM', 'PUBLIC_URL'];
    for (const blank of ['', '  ']) expect(loadConfig(Object.fromEntries([...names, ...more].map((n) => [n, blank])))).toEqual(loadConfig({}));
  });
});

describe('PUBLIC_URL', () => {
  it('is the address given, and none when unset or blank', () => {
    expect(loadConfig({}).publicUrl).toBeUndefined();
    expect(loadConfig({ PUBLIC_URL: '  ' }).publicUrl).toBeUndefined();
    expect(loadConfig({ PUBLIC_URL: ' https://glazier.example.com ' }).publicUrl).toBe('https://glazier.example.com');
  });
});

describe('SMTP_URL, MAIL_FROM, PUBLIC_URL', () => {
  it('are optional: without them no mail is sent and nothing is required', () => {
    expect(loadConfig({})).toMatchObject({ smtpUrl: undefined, mailFrom: undefined, publicUrl: undefined });
  });

  it('take smtp:// or smtps:// with credentials, a sender, and the public address without its trailing slash', () => {
    expect(
      loadConfig({
        SMTP_URL: 'smtps://me%40x.com:p%40ss@mail.example.com:465',
        MAIL_FROM: 'Shop <office@example.com>',
        PUBLIC_URL: 'https://glazier.example.com/',
      }),
    ).toMatchObject({
      smtpUrl: 'smtps://me%40x.com:p%40ss@mail.example.com:465',
      mailFrom: 'Shop <office@example.com>',
      publicUrl: 'https://glazier.example.com',
    });
  });

  it('refuses another scheme, a PUBLIC_URL that is not http(s), and a mail server without PUBLIC_URL (links would come from the Host header)', () => {
    expect(() => loadConfig({ SMTP_URL: 'http://mail.example.com', PUBLIC_URL: 'https://a.example' })).toThrow(/smtp:\/\/ or smtps:\/\//);
    expect(() => loadConfig({ PUBLIC_URL: 'glazier.example.com' })).toThrow(/PUBLIC_URL must be an http/);
    expect(() => loadConfig({ SMTP_URL: 'smtp://mail.example.com:587' })).toThrow(/SMTP_URL needs PUBLIC_URL/);
  });
});

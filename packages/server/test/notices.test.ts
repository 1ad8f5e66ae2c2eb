/**
 * Notices take one route on both databases (Db.listen / Db.notify, db/): a notice sent in a
 * transaction reaches the listeners when it commits and never when it rolls back, and the outbox's
 * "a message is due" notice reaches every server's mail delivery on that channel, so a server other
 * than the one that queued the message sends it at once rather than at its next poll.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { CHANGES_CHANNEL, type Db } from '../src/db/client.ts';
import { openDb } from '../src/db/open.ts';
import { buildApp } from '../src/http/app.ts';
import { enqueueMail } from '../src/platform/mail/outbox.ts';
import { appWithUsers } from './harness.ts';
import { startSmtpCatcher, type SmtpCatcher } from './smtp-catcher.ts';

const { env } = appWithUsers();
let smtp: SmtpCatcher;
beforeAll(async () => {
  smtp = await startSmtpCatcher();
});
afterAll(async () => {
  await smtp?.close();
});

/** Another pool on the same database on PostgreSQL (as another server); PGlite serves one process: the same database. */
async function secondDb(): Promise<Db> {
  return env.url ? openDb({ databaseUrl: env.url, dataDir: '/nonexistent' }) : env.db;
}

/** The payloads heard on the channel until `until` holds. */
async function hear(db: Db, until: (heard: string[]) => boolean, act: () => Promise<void>): Promise<string[]> {
  const heard: string[] = [];
  let done!: () => void;
  const enough = new Promise<void>((r) => (done = r));
  const stop = await db.listen(CHANGES_CHANNEL, {
    onNotice(payload) {
      heard.push(payload);
      if (until(heard)) done();
    },
    onReset: () => undefined,
  });
  try {
    await act();
    await enough;
    return heard;
  } finally {
    await stop();
  }
}

describe('Db.notify and Db.listen', () => {
  it('a notice in a transaction is heard when it commits, never when it rolls back', async () => {
    const other = await secondDb();
    try {
      const heard = await hear(
        other,
        (h) => h.includes('"after"'),
        async () => {
          await expect(
            env.db.transaction(async (tx) => {
              await tx.notify(CHANGES_CHANNEL, '"rolled back"');
              throw new Error('the change fails');
            }),
          ).rejects.toThrow('the change fails');
          await env.db.transaction(async (tx) => {
            await tx.notify(CHANGES_CHANNEL, '"committed"');
          });
          await env.db.notify(CHANGES_CHANNEL, '"after"');
        },
      );
      expect(heard.filter((h) => h.startsWith('"'))).toEqual(['"committed"', '"after"']);
    } finally {
      if (other !== env.db) await other.close();
    }
  });

  it('queuing a message tells every server, and another server delivers it at once', async () => {
    const other = await secondDb();
    let deliverer: FastifyInstance | undefined;
    try {
      // a second server that delivers mail, looking for due mail only hourly by itself
      deliverer = await buildApp({
        db: other,
        sessionSecret: 'n'.repeat(48),
        logLevel: 'silent',
        mail: { smtpUrl: smtp.url, publicUrl: 'https://glazier.example.com', pollMs: 3600_000 },
      });
      await deliverer.ready();
      await deliverer.jobs.runDue('mail'); // its first look is done: what follows comes from the notice
      const before = smtp.received.length;
      const made = await env.db.transaction((tx) =>
        enqueueMail(
          { db: tx, user: null, mail: { configured: true, origin: 'https://glazier.example.com', messageIdDomain: 'test.example' } },
          { kind: 'test', to: ['woken@elsewhere.example'], subject: 'Woken', html: '<p>woken</p>', text: 'woken' },
        ),
      );
      const [arrived] = (await smtp.waitFor(before + 1, 30_000)).slice(before);
      expect(arrived!.subject).toBe('Woken');
      expect(smtp.count(made.message_id)).toBe(1);
    } finally {
      await deliverer?.close();
      if (other !== env.db) await other.close();
    }
  });
});

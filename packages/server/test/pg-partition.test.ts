/**
 * A network partition between the app and PostgreSQL: packets dropped, no reset, so
 * neither side hears of it (the OS's TCP keepalive is hours away). The server must not hang on
 * its statements: past DB_QUERY_TIMEOUT_MS it takes the connection for lost, answers 503 with the
 * clear message, and serves again by itself on fresh connections once the network is back.
 * A TCP relay of the test's own stands between them and swallows the bytes while "partitioned".
 * PostgreSQL pass only.
 */
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createOrResetUser } from '../src/cli/user-create.ts';
import { openDb } from '../src/db/open.ts';
import { Browser, freePort, pgTestDatabase, startServer, waitFor, type ServerProcess } from './server-process.ts';

const PASSWORD = 'partition-pass-1';
const UNAVAILABLE = { message: 'The database is not available right now. Try again in a moment.' };

/** Relays TCP to `target`; while `partitioned`, bytes both ways are dropped without a word. */
class Relay {
  partitioned = false;
  private readonly sockets = new Set<net.Socket>();
  private server!: net.Server;
  port = 0;

  constructor(private readonly target: { host: string; port: number }) {}

  async start(): Promise<void> {
    this.port = await freePort();
    this.server = net.createServer((client) => {
      const upstream = net.connect(this.target.port, this.target.host);
      for (const [from, to] of [
        [client, upstream],
        [upstream, client],
      ] as const) {
        this.sockets.add(from);
        from.on('data', (chunk) => {
          if (!this.partitioned) to.write(chunk);
        });
        from.on('error', () => to.destroy());
        from.on('close', () => {
          this.sockets.delete(from);
          to.destroy();
        });
      }
    });
    await new Promise<void>((resolve) => this.server.listen(this.port, '127.0.0.1', resolve));
  }

  async stop(): Promise<void> {
    for (const s of this.sockets) s.destroy();
    await new Promise((resolve) => this.server.close(resolve));
  }
}

describe.skipIf(!process.env.TEST_DATABASE_URL)('a network partition between the app and PostgreSQL', () => {
  let drop: () => Promise<void>;
  let relay: Relay;
  let server: ServerProcess;

  beforeAll(async () => {
    const created = await pgTestDatabase(inject('pgTemplate'));
    drop = created.drop;
    const db = await openDb({ databaseUrl: created.url, dataDir: '' });
    await createOrResetUser(db, { email: 'field@partition.test', password: PASSWORD, role: 'manager', name: 'Field' });
    await db.close();
    const url = new URL(created.url);
    relay = new Relay({ host: url.hostname, port: Number(url.port || 5432) });
    await relay.start();
    url.port = String(relay.port);
    server = await startServer({ DATABASE_URL: url.toString(), DB_QUERY_TIMEOUT_MS: '1000' });
  }, 120_000);

  afterAll(async () => {
    await server?.stop('SIGKILL');
    await relay?.stop();
    await drop?.();
  });

  it('answers 503 instead of hanging while the network drops packets, and serves again once it is back', { timeout: 120_000 }, async () => {
    const browser = new Browser(server.base);
    await browser.login('field@partition.test', PASSWORD);
    expect((await browser.request('GET', '/api/clients?page=1&per_page=20')).status).toBe(200);

    relay.partitioned = true;
    // Without a timeout these would wait for as long as the OS keeps a silent connection (hours).
    for (const [method, path, body] of [
      ['GET', '/api/clients?page=1&per_page=20', undefined],
      ['POST', '/api/clients', { name: 'Written during the partition' }],
    ] as const) {
      const started = Date.now();
      const answer = await browser.request(method, path, body, 15_000);
      expect(answer.status, `${method} ${path}`).toBe(503);
      expect(answer.json).toEqual(UNAVAILABLE);
      // the query timeout (1 s), or the connect timeout (5 s) for a fresh connection
      expect(Date.now() - started).toBeLessThan(12_000);
    }
    expect((await fetch(`${server.base}/ready`, { signal: AbortSignal.timeout(15_000) })).status).toBe(503);
    expect((await fetch(`${server.base}/health`)).status).toBe(200);

    relay.partitioned = false;
    await waitFor(
      'the server to serve again',
      async () => (await browser.request('GET', '/api/clients?page=1&per_page=20', undefined, 15_000)).status === 200,
      60_000,
      200,
    );
    const written = await browser.request('POST', '/api/clients', { name: 'Written after the partition' });
    expect(written.status).toBe(201);
    const names = ((await browser.request('GET', '/api/clients?page=1&per_page=50&search=partition')).json.data as { name: string }[]).map((c) => c.name);
    // nothing half-written: the refused write is not there, the later one is
    expect(names).toEqual(['Written after the partition']);
    expect((await fetch(`${server.base}/ready`)).status).toBe(200);
    expect(server.output()).not.toMatch(/"statusCode":500|unhandled error/);
  });
});

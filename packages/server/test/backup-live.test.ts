/**
 * `npm run db:backup` against a real running server, as an owner runs it: on PGlite through the
 * server that holds the data folder (its control file), on PostgreSQL directly; the app keeps
 * answering while the backup is taken, and the file holds what was acknowledged before it started.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, expect, inject, it } from 'vitest';
import { createOrResetUser } from '../src/cli/user-create.ts';
import { runBackup } from '../src/cli/backup-restore.ts';
import { openDb } from '../src/db/open.ts';
import { Browser, pgTestDatabase, startServer, type ServerProcess } from './server-process.ts';

const pgUrl = process.env.TEST_DATABASE_URL;
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'glazier-backup-live-'));
const cleanups: (() => Promise<unknown> | void)[] = [];
afterAll(async () => {
  for (const c of cleanups.reverse()) await c();
  fs.rmSync(tmp, { recursive: true, force: true });
});

it(`backs up a running server on ${pgUrl ? 'PostgreSQL' : 'PGlite'} while it keeps serving`, { timeout: 120_000 }, async () => {
  let config: { dataDir: string; databaseUrl?: string };
  if (pgUrl) {
    const { url, drop } = await pgTestDatabase(inject('pgTemplate'));
    cleanups.push(drop);
    config = { dataDir: path.join(tmp, 'unused'), databaseUrl: url };
  } else {
    config = { dataDir: path.join(tmp, 'data') };
    fs.cpSync(inject('pgliteTemplate'), config.dataDir, { recursive: true });
  }
  const setup = await openDb(config);
  await createOrResetUser(setup, { email: 'live@backup.test', password: 'live-pass-1', role: 'manager', name: 'Live' });
  await setup.close();
  const server: ServerProcess = await startServer(config.databaseUrl ? { DATABASE_URL: config.databaseUrl } : { DATA_DIR: config.dataDir });
  cleanups.push(() => server.stop('SIGKILL'));
  const browser = new Browser(server.base);
  await browser.login('live@backup.test', 'live-pass-1');
  for (let i = 0; i < 20; i++) expect((await browser.post('/api/clients', { name: `Before backup ${i}` })).status).toBe(201);

  // Writes and reads go on while the backup runs; every one is answered.
  let stop = false;
  const statuses: number[] = [];
  const load = (async () => {
    for (let i = 0; !stop; i++)
      statuses.push(
        (
          await browser.request(
            i % 2 ? 'GET' : 'POST',
            i % 2 ? '/api/clients?page=1&per_page=10' : '/api/clients',
            i % 2 ? undefined : { name: `During backup ${i}` },
          )
        ).status,
      );
  })();
  const file = path.join(tmp, 'live.backup');
  const lines: string[] = [];
  await runBackup(config, file, (l) => lines.push(l));
  stop = true;
  await load;
  expect(lines.join('\n')).toMatch(pgUrl ? /PostgreSQL, one snapshot/ : /from the running server \(pid \d+\)/);
  expect(statuses.length).toBeGreaterThan(0);
  expect(statuses.filter((s) => s !== 200 && s !== 201)).toEqual([]);
  expect(fs.existsSync(`${file}.partial`)).toBe(false);

  const text = zlib.gunzipSync(fs.readFileSync(file)).toString();
  for (let i = 0; i < 20; i++) expect(text).toContain(`"name": "Before backup ${i}"`);
  // the server recorded it for Settings
  const settings = (await browser.get('/api/settings')).json.data as { name: string; value: string }[];
  expect(JSON.parse(settings.find((s) => s.name === 'last_backup')!.value)).toMatchObject({ rows: expect.any(Number) });
});

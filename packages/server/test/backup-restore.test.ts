/**
 * Backup and restore on the database of the pass (PGlite, then PostgreSQL), and across
 * them in the PostgreSQL pass (PostgreSQL → PGlite → PostgreSQL): demo data, a backup downloaded
 * from the running app as the command does, restored into an empty database; every table's rows,
 * every sequence and every blob's bytes identical, and a signed-in session still works against
 * the restored server. Damaged files and non-empty targets are refused before anything is written.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../src/db/client.ts';
import { openDb } from '../src/db/open.ts';
import { buildApp } from '../src/http/app.ts';
import { runBackup, runRestore } from '../src/cli/backup-restore.ts';
import { DEMO_LOGINS, seedDemo } from '../src/cli/seed-demo.ts';
import { LAST_BACKUP_SETTING, publicTables, writeBackup, BackupFileError } from '../src/platform/backup.ts';
import { migrate, migrationNames } from '../src/db/migrate.ts';
import { RestoreRefused } from '../src/platform/restore.ts';
import { withDatabase } from './global-setup.ts';
import { Client, openTestDb, pdfBytes } from './harness.ts';

const SECRET = 'x'.repeat(48);
const pgUrl = process.env.TEST_DATABASE_URL;
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'glazier-backup-test-'));
const quiet = () => undefined;
const cleanups: (() => Promise<void>)[] = [];

let source: Db;
let app: FastifyInstance;
let admin: Client;
const backupFile = path.join(tmp, 'source.backup');
let expected: Record<string, string[]>;
/** The target the first test restored into (a database that now holds data). */
let restoredTarget: { dataDir: string; databaseUrl?: string } | undefined;
let blobs: string[];

beforeAll(async () => {
  const opened = await openTestDb();
  source = opened.db;
  cleanups.push(opened.dispose);
  await seedDemo(source);
  app = await buildApp({ db: source, sessionSecret: SECRET, logLevel: 'silent' });
  cleanups.push(() => app.close());
  const login = DEMO_LOGINS.find((l) => l.role === 'admin')!;
  admin = new Client(app);
  expect((await admin.login(login.email, login.password)).status).toBe(204);
  // a file of our own, whose bytes we know
  expect(
    (
      await admin.upload('/api/files', [
        { name: 'description', value: 'Known bytes' },
        { name: 'file', filename: 'known.pdf', type: 'application/pdf', data: pdfBytes('backup me', 5000) },
      ])
    ).status,
  ).toBe(201);
  // What the backup must bring back: the database as it is now (the backup itself then records
  // itself in settings, and later tests sign in, making sessions).
  expected = await contents(source);
  blobs = await blobDigests(source);
  // The backup as the command takes it from a running server: downloaded over HTTP.
  const res = await app.inject({ url: '/api/backup', headers: { cookie: [...admin.jar].map(([k, v]) => `${k}=${v}`).join('; ') } });
  expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
  fs.writeFileSync(backupFile, res.rawPayload);
}, 240_000);

afterAll(async () => {
  for (const c of cleanups.reverse()) await c().catch(() => undefined);
  fs.rmSync(tmp, { recursive: true, force: true });
});

/** Every table's rows as PostgreSQL writes them (timestamps in UTC, bytea in hex), sorted; and every sequence. */
async function contents(db: Db): Promise<Record<string, string[]>> {
  return db.transaction(async (tx) => {
    await tx.query("SET LOCAL TIME ZONE 'UTC'");
    const out: Record<string, string[]> = {};
    for (const table of await publicTables(tx)) {
      const rows = await tx.query<{ j: string }>(`SELECT to_jsonb(t)::text AS j FROM "${table}" t`);
      out[table] = rows
        .map((r) => r.j)
        .filter((j) => !j.includes(`"name": "${LAST_BACKUP_SETTING}"`))
        .sort();
    }
    const seqs = await tx.query<{ s: string }>(
      "SELECT sequencename || '=' || coalesce(last_value::text, '') AS s FROM pg_sequences WHERE schemaname = 'public'",
    );
    out['(sequences)'] = seqs.map((r) => r.s).sort();
    return out;
  });
}

async function blobDigests(db: Db): Promise<string[]> {
  const rows = await db.query<{ d: string }>(
    "SELECT sha256 || ':' || encode(sha256(data), 'hex') || ':' || octet_length(data) AS d FROM blobs ORDER BY sha256",
  );
  return rows.map((r) => r.d);
}

/** An empty target of the kind asked: a new DATA_DIR, or a new PostgreSQL database. */
async function emptyTarget(kind: 'pglite' | 'postgres'): Promise<{ config: { dataDir: string; databaseUrl?: string }; open: () => Promise<Db> }> {
  const dataDir = fs.mkdtempSync(path.join(tmp, 'target-'));
  if (kind === 'pglite') return { config: { dataDir }, open: () => openDb({ dataDir }) };
  const name = `glazier_t_${process.pid}_restore_${Math.random().toString(36).slice(2, 8)}`;
  const a = new pg.Client({ connectionString: pgUrl });
  await a.connect();
  await a.query(`CREATE DATABASE ${name}`);
  await a.end();
  cleanups.push(async () => {
    const b = new pg.Client({ connectionString: pgUrl });
    await b.connect();
    await b.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await b.end();
  });
  const databaseUrl = withDatabase(pgUrl!, name);
  return { config: { dataDir, databaseUrl }, open: () => openDb({ databaseUrl, dataDir }) };
}

async function restoreAndCompare(file: string, kind: 'pglite' | 'postgres'): Promise<{ db: Db; config: { dataDir: string; databaseUrl?: string } }> {
  const target = await emptyTarget(kind);
  const lines: string[] = [];
  await runRestore(target.config, file, (l) => lines.push(l));
  expect(lines.join('\n')).toMatch(/Restored \d+ tables, \d+ rows/);
  const db = await target.open();
  cleanups.push(() => db.close());
  const got = await contents(db);
  expect(Object.keys(got).sort()).toEqual(Object.keys(expected).sort());
  for (const table of Object.keys(expected)) expect(got[table], table).toEqual(expected[table]);
  expect(await blobDigests(db)).toEqual(blobs);
  return { db, config: target.config };
}

const kind = pgUrl ? 'postgres' : 'pglite';

describe(`backup and restore on ${kind}`, () => {
  it('restores every row, sequence and blob byte, and a signed-in session keeps working', { timeout: 240_000 }, async () => {
    expect(blobs.length).toBeGreaterThan(5);
    expect(expected.jobs!.length).toBeGreaterThan(10);
    const { db, config } = await restoreAndCompare(backupFile, kind);
    restoredTarget = config;

    const restoredApp = await buildApp({ db, sessionSecret: SECRET, logLevel: 'silent' });
    cleanups.push(() => restoredApp.close());
    const same = new Client(restoredApp);
    for (const [k, v] of admin.jar) same.jar.set(k, v);
    const me = await same.get('/api/user');
    expect(me.status).toBe(200);
    expect(me.body).toMatchObject({ email: 'admin@demo.test', role: 'admin' });
    // and it writes: sequences continue past the restored ids
    const made = await same.post('/api/clients', { name: 'After restore' });
    expect(made.status).toBe(201);
    const file = (await same.get('/api/files?search=Known')).body.data![0]!;
    const download = await restoredApp.inject({
      url: `/api/files/${file.id}/download`,
      headers: { cookie: [...same.jar].map(([k, v]) => `${k}=${v}`).join('; ') },
    });
    expect(download.rawPayload.equals(pdfBytes('backup me', 5000))).toBe(true);
  });

  it('records the backup for Settings, and only admins may download one', async () => {
    const settings = (await admin.get('/api/settings')).body.data!;
    const last = settings.find((s) => s.name === LAST_BACKUP_SETTING);
    expect(last).toBeTruthy();
    expect(JSON.parse(String(last!.value))).toMatchObject({ at: expect.any(String), rows: expect.any(Number), tables: expect.any(Number) });
    expect((await new Client(app).get('/api/backup')).status).toBe(401);
    const manager = new Client(app);
    const login = DEMO_LOGINS.find((l) => l.role === 'manager')!;
    await manager.login(login.email, login.password);
    expect((await manager.get('/api/backup')).status).toBe(403);
    expect((await app.inject({ url: '/api/backup', headers: { authorization: 'Bearer not-the-token' } })).statusCode).toBe(401);
  });

  it('refuses a truncated or altered file before writing anything, and a target that holds data', async () => {
    const whole = fs.readFileSync(backupFile);
    const truncated = path.join(tmp, 'truncated.backup');
    fs.writeFileSync(truncated, whole.subarray(0, Math.floor(whole.length * 0.7)));
    const text = zlib.gunzipSync(whole).toString();
    const altered = path.join(tmp, 'altered.backup');
    fs.writeFileSync(altered, zlib.gzipSync(text.replace('"Known bytes"', '"Known bytez"')));
    const cut = path.join(tmp, 'cut.backup');
    fs.writeFileSync(cut, zlib.gzipSync(text.split('\n').slice(0, -2).join('\n') + '\n'));
    for (const [file, message] of [
      [truncated, /damaged or cut short/],
      [altered, /checksum does not match/],
      [cut, /incomplete/],
    ] as const) {
      const target = await emptyTarget(kind);
      await expect(runRestore(target.config, file, quiet)).rejects.toThrow(BackupFileError);
      await expect(runRestore(target.config, file, quiet)).rejects.toThrow(message);
      // nothing was written: no data folder made, no table created
      if (kind === 'pglite') expect(fs.existsSync(path.join(target.config.dataDir, 'pgdata'))).toBe(false);
      else {
        const db = await target.open();
        expect(await publicTables(db)).toEqual([]);
        await db.close();
      }
    }
    // a target with data (the first test's) is refused, and says how to start empty
    const target = restoredTarget!;
    await expect(runRestore(target, backupFile, quiet)).rejects.toThrow(RestoreRefused);
    await expect(runRestore(target, backupFile, quiet)).rejects.toThrow(
      kind === 'pglite' ? /already holds a database[\s\S]*DATA_DIR=/ : /not empty[\s\S]*empty database/,
    );
  }, 240_000);
});

// The same code on both databases; in the PostgreSQL pass only, since migrating a PGlite database
// from nothing costs a quarter of a minute here.
describe.skipIf(!pgUrl)('a backup older than this Glazier', () => {
  it('restores the schema it had, then applies the newer migrations, and says so', { timeout: 120_000 }, async () => {
    const names = migrationNames();
    const old = await emptyTarget(kind);
    const db = await old.open();
    cleanups.push(() => db.close());
    await migrate(db, new Set(names.slice(0, -1))); // as a Glazier one migration older left it
    await db.query("INSERT INTO clients (name) VALUES ('From an older Glazier')");
    const file = path.join(tmp, 'older.backup');
    const summary = await writeBackup(db, fs.createWriteStream(file));
    expect(summary.migrations).toEqual(names.slice(0, -1));

    const target = await emptyTarget(kind);
    const lines: string[] = [];
    await runRestore(target.config, file, (l) => lines.push(l));
    expect(lines.join('\n')).toContain(`Then applied 1 newer migrations: ${names.at(-1)}.`);
    const restored = await target.open();
    cleanups.push(() => restored.close());
    expect((await restored.query<{ name: string }>('SELECT name FROM glazier_migrations ORDER BY name')).map((r) => r.name)).toEqual(names);
    expect(await restored.query("SELECT name FROM clients WHERE name = 'From an older Glazier'")).toHaveLength(1);
  });
});

describe.skipIf(!pgUrl)('across databases (PostgreSQL pass)', () => {
  it('moves PostgreSQL → PGlite → PostgreSQL with every row and blob byte', { timeout: 240_000 }, async () => {
    const intoPglite = await restoreAndCompare(backupFile, 'pglite');
    // The command's own path on a stopped PGlite data folder.
    await intoPglite.db.close();
    const second = path.join(tmp, 'from-pglite.backup');
    const lines: string[] = [];
    await runBackup({ dataDir: intoPglite.config.dataDir, databaseUrl: undefined }, second, (l) => lines.push(l));
    expect(lines.join('\n')).toMatch(/Backup written: .*verified\. \d+ tables, \d+ rows/);
    await restoreAndCompare(second, 'postgres');
  });
});

describe(`contents read after the snapshot on ${kind}`, () => {
  it('fails the backup, saying to run it again, when a content is deleted while it is written', async () => {
    const keys = (await source.query<{ sha256: string }>('SELECT sha256 FROM blobs ORDER BY sha256')).map((r) => r.sha256);
    const sink = fs.createWriteStream(path.join(tmp, 'interrupted.backup'));
    let deleted = false;
    const attempt = writeBackup(
      source,
      sink,
      (p) => {
        // once the first content is written, another one's file is deleted (its content swept)
        if (p.table === 'blobs' && p.rows === 1 && !deleted) {
          deleted = true;
          // before the next content is read (the writer waits for its progress callback)
          return source.query('DELETE FROM blobs WHERE sha256 = $1', [keys.at(-1)]).then(() => undefined);
        }
        return undefined;
      },
      { contentsAfterSnapshot: true },
    );
    await expect(attempt).rejects.toThrow(/deleted while the backup was being written.*run the backup again/);
    expect(deleted).toBe(true);
  });
});

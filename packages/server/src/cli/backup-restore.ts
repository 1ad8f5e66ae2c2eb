/**
 * `npm run db:backup -- --out FILE` and `npm run db:restore -- --in FILE` (platform/backup.ts,
 * platform/restore.ts), with their progress and what they wrote or restored.
 *
 * Backup, by where the data is:
 * - PostgreSQL (DATABASE_URL): read directly, in one snapshot; no pg_dump needed.
 * - PGlite with Glazier running on DATA_DIR: downloaded from the running server (its control
 *   file), which reads it in one snapshot.
 * - PGlite with Glazier stopped: the data folder opened directly.
 * The file is written as FILE.partial and renamed once complete and verified.
 */
import fs from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import type { Db } from '../db/client.ts';
import { openDb } from '../db/open.ts';
import { recordBackup, verifyBackup, writeBackup, type BackupProgress } from '../platform/backup.ts';
import { assertEmptyDatabase, restoreBackup, RestoreRefused } from '../platform/restore.ts';
import { lockHolder, readControlFile } from './control.ts';

type Print = (line: string) => void;

export const formatBytes = (n: number) =>
  n >= 1024 ** 3
    ? `${(n / 1024 ** 3).toFixed(1)} GB`
    : n >= 1024 ** 2
      ? `${(n / 1024 ** 2).toFixed(1)} MB`
      : n >= 1024
        ? `${(n / 1024).toFixed(1)} KB`
        : `${n} B`;
const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

function progressPrinter(print: Print): (p: BackupProgress) => void {
  let lastAt = 0;
  return (p) => {
    const now = Date.now();
    if (p.rows === p.of) print(`  ${p.table}: ${p.rows} rows${p.bytes ? `, ${formatBytes(p.bytes)} of contents` : ''}`);
    else if (now - lastAt > 1000) print(`  ${p.table}: ${p.rows} of ${p.of} rows${p.bytes ? `, ${formatBytes(p.bytes)}` : ''}…`);
    else return;
    lastAt = now;
  };
}

async function backupDirect(db: Db, partial: string, print: Print) {
  const [known] = await db.query<{ t: string | null }>("SELECT to_regclass('public.glazier_migrations')::text AS t");
  if (!known?.t) throw new Error('This database has no Glazier data (no migrations were ever applied to it): nothing to back up.');
  const summary = await writeBackup(db, fs.createWriteStream(partial), progressPrinter(print));
  await recordBackup(db, summary, fs.statSync(partial).size);
}

async function backupFromServer(url: string, token: string, partial: string, print: Print) {
  const res = await fetch(`${url}/api/backup`, { headers: { authorization: `Bearer ${token}` } }).catch((e: unknown) => {
    throw new Error(
      `Glazier is running on this DATA_DIR but does not answer at ${url} (${(e as Error).message}). Try again once it is up, or stop it and run the backup again.`,
    );
  });
  if (!res.ok || !res.body) throw new Error(`The running server refused the backup (${res.status}): ${await res.text()}`);
  let bytes = 0;
  let lastAt = Date.now();
  const counting = Readable.fromWeb(res.body as WebReadableStream<Uint8Array>);
  counting.on('data', (chunk: Buffer) => {
    bytes += chunk.length;
    if (Date.now() - lastAt > 1000) {
      lastAt = Date.now();
      print(`  received ${formatBytes(bytes)}…`);
    }
  });
  await pipeline(counting, fs.createWriteStream(partial));
}

export async function runBackup(config: { databaseUrl?: string; dataDir: string }, out: string | undefined, print: Print = console.log): Promise<void> {
  if (!out) throw new Error('Say where to write the backup: npm run db:backup -- --out FILE');
  const file = path.resolve(out);
  const partial = `${file}.partial`;
  const started = Date.now();
  let how: string;
  try {
    if (config.databaseUrl) {
      how = 'PostgreSQL, one snapshot';
      print(`Backing up PostgreSQL (${redact(config.databaseUrl)}) to ${file}`);
      const db = await openDb({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
      try {
        await backupDirect(db, partial, print);
      } finally {
        await db.close();
      }
    } else {
      const holder = lockHolder(config.dataDir);
      if (holder) {
        const control = readControlFile(config.dataDir);
        if (!control || control.pid !== holder) {
          throw new Error(
            `Glazier (pid ${holder}) is using ${config.dataDir} but is not serving yet (it has written no control file). Try again once it is up.`,
          );
        }
        how = `PGlite, from the running server (pid ${holder})`;
        print(`Backing up ${config.dataDir} through the running server at ${control.url} to ${file}`);
        await backupFromServer(control.url, control.token, partial, print);
      } else {
        if (!fs.existsSync(path.join(config.dataDir, 'pgdata'))) throw new Error(`There is no database in ${config.dataDir} (DATA_DIR) to back up.`);
        how = 'PGlite, data folder opened directly';
        print(`Backing up ${config.dataDir} (Glazier is not running on it) to ${file}`);
        const db = await openDb({ dataDir: config.dataDir });
        try {
          await backupDirect(db, partial, print);
        } finally {
          await db.close();
        }
      }
    }
    const { header, trailer } = await verifyBackup(partial);
    fs.renameSync(partial, file);
    const size = fs.statSync(file).size;
    print(
      `Backup written: ${file} (${formatBytes(size)}), verified. ${Object.keys(trailer.tables).length} tables, ${trailer.rows} rows, ` +
        `${formatBytes(trailer.blob_bytes)} of files and images, ${header.migrations.length} migrations; as of ${header.created_at}; ` +
        `took ${seconds(Date.now() - started)} (${how}).`,
    );
  } catch (e) {
    fs.rmSync(partial, { force: true });
    throw e;
  }
}

const redact = (url: string) => {
  try {
    const u = new URL(url);
    if (u.password) u.password = '***';
    return u.toString();
  } catch {
    return 'DATABASE_URL';
  }
};

export async function runRestore(config: { databaseUrl?: string; dataDir: string }, input: string | undefined, print: Print = console.log): Promise<void> {
  if (!input) throw new Error('Say which backup to restore: npm run db:restore -- --in FILE');
  const file = path.resolve(input);
  const started = Date.now();
  // The whole file is checked before anything is created or written.
  const verified = await verifyBackup(file);
  let db: Db;
  let createdDir: string | undefined;
  if (config.databaseUrl) {
    db = await openDb({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
    try {
      await assertEmptyDatabase(db, `The database at ${redact(config.databaseUrl)}`);
    } catch (e) {
      await db.close();
      if (e instanceof RestoreRefused) {
        throw new RestoreRefused(
          `${e.message}\nCreate an empty database (for example \`createdb glazier_restored\`, or DROP and CREATE this one if you mean to replace it) and point DATABASE_URL at it.`,
        );
      }
      throw e;
    }
    print(`Restoring ${file} into PostgreSQL (${redact(config.databaseUrl)})`);
  } else {
    const pgdata = path.join(config.dataDir, 'pgdata');
    if (lockHolder(config.dataDir))
      throw new RestoreRefused(`Glazier is running on ${config.dataDir}. A restore never writes over data: restore into a new, empty DATA_DIR.`);
    if (fs.existsSync(pgdata) && fs.readdirSync(pgdata).length) {
      throw new RestoreRefused(
        `${config.dataDir} (DATA_DIR) already holds a database. A restore never writes over data: restore into a new, empty folder, e.g.\n` +
          `  DATA_DIR=/path/to/new-folder npm run db:restore -- --in ${input}\nthen start Glazier with that DATA_DIR.`,
      );
    }
    createdDir = pgdata;
    db = await openDb({ dataDir: config.dataDir });
    print(`Restoring ${file} into PGlite in ${config.dataDir}`);
  }
  try {
    const summary = await restoreBackup(db, file, print, verified);
    print(
      `Restored ${Object.keys(summary.tables).length} tables, ${summary.rows} rows, ${formatBytes(summary.trailer.blob_bytes)} of files and images ` +
        `(backup of ${summary.header.created_at}, from ${summary.header.database}) in ${seconds(Date.now() - started)}.` +
        (summary.newerMigrations.length
          ? ` Then applied ${summary.newerMigrations.length} newer migrations: ${summary.newerMigrations.join(', ')}.`
          : ' No newer migrations to apply.'),
    );
    print(
      'Sessions were restored too: users stay signed in when this server uses the same SESSION_SECRET as the one backed up (on PGlite without SESSION_SECRET, copy DATA_DIR/session-secret over).',
    );
    await db.close();
  } catch (e) {
    await db.close().catch(() => undefined);
    // A PGlite folder this restore created holds nothing (the restore is one transaction): removed, so it can be run again.
    if (createdDir) fs.rmSync(createdDir, { recursive: true, force: true });
    throw e;
  }
}

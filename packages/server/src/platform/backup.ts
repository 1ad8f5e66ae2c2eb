/**
 * Backups: one file holding every table of the database (the blobs of files and images
 * among them), the sequences and the migration state, read in one REPEATABLE READ snapshot, so it
 * is consistent as of one moment while the app keeps serving. The same file restores into PGlite
 * or PostgreSQL (restore.ts): this is how a shop moves off the embedded database.
 *
 * The file is gzip'd text, one JSON document a line:
 *   {"glazier_backup":1, created_at, database, migrations: [...]}      the header
 *   {"table": name, "columns": [...], "bytea": [...], "rows": n}      each table, then its n rows
 *   {...row...}                                                       `to_jsonb(row)`, bytea columns in base64
 *   {"sequences": [{name, last_value}]}
 *   {"end": true, tables: {name: rows}, rows, blob_bytes, sha256}     the trailer
 * `sha256` is over every line before the trailer (their text, newlines included), so a truncated
 * or altered file is refused before anything is written. Rows travel as PostgreSQL writes them
 * (`to_jsonb`: numerics with all their digits, timestamps to the microsecond) and are never parsed
 * by JavaScript on either side, so what is restored is what was read.
 */
import crypto from 'node:crypto';
import { once } from 'node:events';
import fs from 'node:fs';
import readline from 'node:readline';
import type { Writable } from 'node:stream';
import { finished } from 'node:stream/promises';
import zlib from 'node:zlib';
import { SETTING, type LastBackup } from '@glazier/shared/settings';
import type { Db } from '../db/client.ts';
import { writeSystemSetting } from './settings.ts';

export const BACKUP_FORMAT = 1;
/** The settings row where a finished backup is recorded (shown to admins in Settings). */
export const LAST_BACKUP_SETTING = SETTING.lastBackup;

export interface BackupHeader {
  glazier_backup: number;
  created_at: string;
  database: Db['kind'];
  migrations: string[];
}

export interface TableHeader {
  table: string;
  columns: string[];
  bytea: string[];
  rows: number;
}

export interface BackupTrailer {
  end: true;
  tables: Record<string, number>;
  rows: number;
  blob_bytes: number;
  sha256: string;
}

export interface BackupSummary {
  created_at: string;
  database: Db['kind'];
  migrations: string[];
  tables: Record<string, number>;
  rows: number;
  blob_bytes: number;
}

/** Rows of `table` written so far (of its `of`), and the bytes of its bytea columns among them. */
export type BackupProgress = { table: string; rows: number; of: number; bytes: number };

const quote = (name: string) => `"${name.replace(/"/g, '""')}"`;

/** The base tables of the public schema, by name. */
export async function publicTables(db: Db): Promise<string[]> {
  const rows = await db.query<{ name: string }>(
    `SELECT c.relname AS name FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
     WHERE n.nspname = 'public' AND c.relkind IN ('r', 'p') ORDER BY c.relname`,
  );
  return rows.map((r) => r.name);
}

/** A table's stored columns (not generated ones), in order, and which of them are bytea. */
export async function tableColumns(db: Db, table: string): Promise<{ columns: string[]; bytea: string[] }> {
  const rows = await db.query<{ name: string; type: string; generated: string }>(
    `SELECT a.attname AS name, format_type(a.atttypid, a.atttypmod) AS type, a.attgenerated::text AS generated
     FROM pg_attribute a WHERE a.attrelid = $1::regclass AND a.attnum > 0 AND NOT a.attisdropped ORDER BY a.attnum`,
    [`public.${quote(table)}`],
  );
  const stored = rows.filter((r) => !r.generated);
  return { columns: stored.map((r) => r.name), bytea: stored.filter((r) => r.type === 'bytea').map((r) => r.name) };
}

/** Writes text lines into a gzip stream piped to `sink`, hashing them, with backpressure. */
class LineWriter {
  readonly #gzip = zlib.createGzip({ level: 6 });
  readonly #hash = crypto.createHash('sha256');
  readonly #done: Promise<void>;
  readonly #sink: Writable;

  constructor(sink: Writable) {
    this.#sink = sink;
    this.#gzip.on('error', () => undefined); // a failed backup is reported by writeBackup's rejection
    this.#gzip.pipe(sink);
    this.#done = finished(sink);
    this.#done.catch(() => undefined); // awaited in end(); a failed sink also fails write()
  }

  async write(line: string, hashed = true): Promise<void> {
    const text = `${line}\n`;
    if (hashed) this.#hash.update(text);
    if (this.#gzip.destroyed) throw new Error('The backup could not be written (its destination closed).');
    if (!this.#gzip.write(text))
      await Promise.race([once(this.#gzip, 'drain'), this.#done.then(() => Promise.reject(new Error('The backup destination closed.')))]);
  }

  digest(): string {
    return this.#hash.digest('hex');
  }

  async end(): Promise<void> {
    this.#gzip.end();
    await this.#done;
  }

  /** Stops writing: the destination is closed short (no trailer), so the file reads as incomplete. */
  abort(): void {
    this.#gzip.unpipe(this.#sink);
    this.#gzip.destroy();
    this.#sink.destroy();
  }
}

/**
 * The contents of files and images: content-addressed (by sha256) and never changed once written,
 * only inserted and, when nothing uses them any more, deleted (attachments/stored-files.ts).
 */
const CONTENTS = { table: 'blobs', key: 'sha256', data: 'data' } as const;

/** Rows fetched at once: fewer from tables with bytea columns, whose rows may be megabytes each. */
const BATCH_ROWS = 500;
const BATCH_ROWS_BYTEA = 4;

/**
 * Writes a backup of `db` to `sink` (a file, an HTTP answer), ending it. Everything is read in one
 * read-only REPEATABLE READ transaction, PostgreSQL serving other requests meanwhile. On PGlite,
 * whose one connection the transaction holds (other requests wait), the snapshot reads which
 * contents the files and images have (their hashes) but not the bytes: those are read after it,
 * one content per statement, between other requests. A content is never changed, so the bytes are
 * the snapshot's; one deleted meanwhile (its file deleted since) fails the backup, to be run again.
 */
export async function writeBackup(
  db: Db,
  sink: Writable,
  /** Told as rows are written; between two contents read after the snapshot, it is awaited. */
  onProgress?: (p: BackupProgress) => void | Promise<void>,
  opts: { contentsAfterSnapshot?: boolean } = {},
): Promise<BackupSummary> {
  const out = new LineWriter(sink);
  const contentsAfter = opts.contentsAfterSnapshot ?? db.kind === 'pglite';
  let deferred: { header: TableHeader; rows: { j: string; key: string }[] } | undefined;
  try {
    const { summary, sequences } = await db.transaction(async (tx) => {
      await tx.query('SET TRANSACTION ISOLATION LEVEL REPEATABLE READ, READ ONLY');
      const migrations = (await tx.query<{ name: string }>('SELECT name FROM glazier_migrations ORDER BY name')).map((r) => r.name);
      const header: BackupHeader = { glazier_backup: BACKUP_FORMAT, created_at: new Date().toISOString(), database: db.kind, migrations };
      await out.write(JSON.stringify(header));
      const tables: Record<string, number> = {};
      let total = 0;
      let blobBytes = 0;
      for (const table of await publicTables(tx)) {
        const { columns, bytea } = await tableColumns(tx, table);
        const [count] = await tx.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${quote(table)}`);
        const rows = count?.n ?? 0;
        if (contentsAfter && table === CONTENTS.table && bytea.length === 1 && bytea[0] === CONTENTS.data) {
          // their rows without the bytes now; the bytes after the snapshot (below)
          const kept = await tx.query<{ j: string; key: string }>(
            `SELECT (to_jsonb(t) - '${CONTENTS.data}')::text AS j, t.${CONTENTS.key} AS key FROM ${quote(table)} t`,
          );
          deferred = { header: { table, columns, bytea, rows }, rows: kept };
          tables[table] = rows;
          total += rows;
          continue;
        }
        await out.write(JSON.stringify({ table, columns, bytea, rows } satisfies TableHeader));
        // bytea columns as base64 (half the size of to_jsonb's hex), and their sizes counted
        const json = bytea.length
          ? `(to_jsonb(t) - ARRAY[${bytea.map((c) => `'${c}'`).join(', ')}]::text[] || jsonb_build_object(${bytea
              .map((c) => `'${c}', translate(encode(t.${quote(c)}, 'base64'), E'\\n', '')`)
              .join(', ')}))::text`
          : 'to_jsonb(t)::text';
        const size = bytea.length ? bytea.map((c) => `coalesce(octet_length(t.${quote(c)}), 0)`).join(' + ') : '0';
        await tx.query(`DECLARE glazier_backup NO SCROLL CURSOR FOR SELECT ${json} AS j, ${size} AS size FROM ${quote(table)} t`);
        let written = 0;
        let tableBytes = 0;
        for (;;) {
          const batch = await tx.query<{ j: string; size: number }>(`FETCH ${bytea.length ? BATCH_ROWS_BYTEA : BATCH_ROWS} FROM glazier_backup`);
          for (const r of batch) {
            await out.write(r.j);
            tableBytes += Number(r.size);
          }
          written += batch.length;
          if (batch.length) onProgress?.({ table, rows: written, of: rows, bytes: tableBytes });
          if (!batch.length) break;
        }
        await tx.query('CLOSE glazier_backup');
        if (written !== rows) throw new Error(`${table}: counted ${rows} rows but read ${written}`);
        if (!rows) onProgress?.({ table, rows: 0, of: 0, bytes: 0 });
        blobBytes += tableBytes;
        tables[table] = rows;
        total += rows;
      }
      const sequences = await tx.query<{ name: string; last_value: string | null }>(
        "SELECT sequencename AS name, last_value::text AS last_value FROM pg_sequences WHERE schemaname = 'public' ORDER BY sequencename",
      );
      return { summary: { created_at: header.created_at, database: db.kind, migrations, tables, rows: total, blob_bytes: blobBytes }, sequences };
    });
    if (deferred) summary.blob_bytes += await writeContentsAfter(db, out, deferred, onProgress);
    await out.write(JSON.stringify({ sequences }));
    const trailer: BackupTrailer = { end: true, tables: summary.tables, rows: summary.rows, blob_bytes: summary.blob_bytes, sha256: out.digest() };
    await out.write(JSON.stringify(trailer), false);
    await out.end();
    return summary;
  } catch (e) {
    out.abort();
    throw e;
  }
}

/** The deferred contents' rows, each with its bytes read now (and checked against its hash); answers their bytes. */
async function writeContentsAfter(
  db: Db,
  out: LineWriter,
  deferred: { header: TableHeader; rows: { j: string; key: string }[] },
  onProgress?: (p: BackupProgress) => void | Promise<void>,
): Promise<number> {
  const { header, rows } = deferred;
  await out.write(JSON.stringify(header));
  let bytes = 0;
  let written = 0;
  for (const row of rows) {
    const [content] = await db.query<{ b: string }>(
      `SELECT translate(encode(${CONTENTS.data}, 'base64'), E'\n', '') AS b FROM ${quote(header.table)} WHERE ${CONTENTS.key} = $1`,
      [row.key],
    );
    if (!content) throw new Error('A file or image was deleted while the backup was being written, so it would not be of one moment: run the backup again.');
    const data = Buffer.from(content.b, 'base64');
    if (crypto.createHash('sha256').update(data).digest('hex') !== row.key)
      throw new Error(`The stored content ${row.key} does not match its hash: the database is damaged.`);
    // the row as PostgreSQL wrote it, with its bytes added (a JSON object's text ends with its "}")
    await out.write(`${row.j.slice(0, -1)}, ${JSON.stringify(CONTENTS.data)}: ${JSON.stringify(content.b)}}`);
    bytes += data.length;
    // awaited: a caller may act between two contents (a test deleting one, at a known point)
    await onProgress?.({ table: header.table, rows: ++written, of: rows.length, bytes });
  }
  if (!rows.length) await onProgress?.({ table: header.table, rows: 0, of: 0, bytes: 0 });
  return bytes;
}

/** Records a finished backup where admins see it (Settings). */
export async function recordBackup(db: Db, summary: BackupSummary, bytes?: number): Promise<void> {
  const { created_at, database, rows, blob_bytes } = summary;
  const last: LastBackup = {
    at: created_at,
    database,
    tables: Object.keys(summary.tables).length,
    rows,
    blob_bytes,
    ...(bytes !== undefined ? { bytes } : {}),
  };
  await writeSystemSetting(db, LAST_BACKUP_SETTING, JSON.stringify(last));
}

export class BackupFileError extends Error {}

/** The lines of a backup file as text, in order (gzip errors surface as BackupFileError). */
export async function* backupLines(file: string): AsyncGenerator<string> {
  const gunzip = zlib.createGunzip();
  const input = fs.createReadStream(file).pipe(gunzip);
  const errors: Error[] = [];
  gunzip.on('error', (e) => errors.push(e));
  const lines = readline.createInterface({ input, crlfDelay: Infinity });
  try {
    for await (const line of lines) yield line;
  } catch (e) {
    errors.push(e as Error);
  }
  if (errors.length) throw new BackupFileError(`The backup file is damaged or cut short (${errors[0]!.message}). Nothing was restored.`);
}

/**
 * Reads the whole file and checks it against its trailer's checksum; answers its header and
 * trailer. Throws BackupFileError, saying why, for a file that is not a whole Glazier backup.
 */
export async function verifyBackup(file: string): Promise<{ header: BackupHeader; trailer: BackupTrailer }> {
  if (!fs.existsSync(file)) throw new BackupFileError(`No such file: ${file}`);
  const hash = crypto.createHash('sha256');
  let first: string | undefined;
  let last: string | undefined;
  for await (const line of backupLines(file)) {
    if (last !== undefined) hash.update(`${last}\n`);
    first ??= line;
    last = line;
  }
  let header: BackupHeader;
  try {
    header = JSON.parse(first ?? '') as BackupHeader;
  } catch {
    throw new BackupFileError('This is not a Glazier backup (its first line is not a backup header).');
  }
  if (header?.glazier_backup === undefined) throw new BackupFileError('This is not a Glazier backup (its first line is not a backup header).');
  if (header.glazier_backup > BACKUP_FORMAT)
    throw new BackupFileError(`This backup has format ${header.glazier_backup}, newer than this Glazier reads (${BACKUP_FORMAT}). Update Glazier first.`);
  let trailer: BackupTrailer | undefined;
  try {
    trailer = JSON.parse(last ?? '') as BackupTrailer;
  } catch {
    trailer = undefined;
  }
  if (!trailer?.end)
    throw new BackupFileError(
      'The backup file is incomplete: it ends before its closing line (cut short while it was written or copied). Nothing was restored.',
    );
  if (hash.digest('hex') !== trailer.sha256)
    throw new BackupFileError('The backup file was altered or damaged: its checksum does not match its contents. Nothing was restored.');
  return { header, trailer };
}

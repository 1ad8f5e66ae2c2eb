/**
 * Restoring a backup (backup.ts) into an empty database: the file is checked whole first (its
 * checksum), then the migrations the backup had are applied, every table is loaded in one
 * transaction (foreign keys dropped meanwhile and added back, which checks every row), the
 * sequences set, and finally any migration newer than the backup runs. Either everything is
 * restored or nothing is.
 */
import type { Db } from '../db/client.ts';
import { migrate, migrationNames } from '../db/migrate.ts';
import { BackupFileError, backupLines, publicTables, tableColumns, verifyBackup, type BackupHeader, type BackupTrailer, type TableHeader } from './backup.ts';

export interface RestoreSummary {
  header: BackupHeader;
  trailer: BackupTrailer;
  tables: Record<string, number>;
  rows: number;
  /** Migrations newer than the backup, applied after it was loaded. */
  newerMigrations: string[];
}

export class RestoreRefused extends Error {}

const quote = (name: string) => `"${name.replace(/"/g, '""')}"`;

/** Refuses a database that holds anything: a restore never writes over data. */
export async function assertEmptyDatabase(db: Db, where: string): Promise<void> {
  const [row] = await db.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
     WHERE n.nspname = 'public' AND c.relkind IN ('r', 'p', 'v', 'm', 'S')`,
  );
  if ((row?.n ?? 0) > 0)
    throw new RestoreRefused(
      `${where} is not empty (it has tables). A restore never writes over data: restore into an empty one instead (see the README's "Backup and restore").`,
    );
}

/** Loads rows a batch at a time (by count and by size: a row of a blob may be megabytes). */
const BATCH_ROWS = 1000;
const BATCH_BYTES = 8 * 1024 * 1024;

export async function restoreBackup(
  db: Db,
  file: string,
  log: (line: string) => void = () => undefined,
  verified?: { header: BackupHeader; trailer: BackupTrailer },
): Promise<RestoreSummary> {
  const { header, trailer } = verified ?? (await verifyBackup(file));
  log(
    `Backup of ${header.created_at} from ${header.database}: ${Object.keys(trailer.tables).length} tables, ${trailer.rows} rows, ${trailer.blob_bytes} bytes of files and images; checksum verified.`,
  );
  const known = migrationNames();
  const unknown = header.migrations.filter((m) => !known.includes(m));
  if (unknown.length)
    throw new RestoreRefused(`This backup was made by a newer Glazier (migration ${unknown.join(', ')} is unknown here). Update Glazier, then restore.`);

  const tables: Record<string, number> = {};
  let rows = 0;
  await db.transaction(async (tx) => {
    // The schema as the backup had it, then its rows.
    await migrate(tx, new Set(header.migrations));
    const present = new Set(await publicTables(tx));
    const fks = await tx.query<{ tbl: string; name: string; def: string }>(
      `SELECT c.relname AS tbl, k.conname AS name, pg_get_constraintdef(k.oid) AS def
       FROM pg_constraint k JOIN pg_class c ON c.oid = k.conrelid JOIN pg_namespace n ON n.oid = c.relnamespace
       WHERE n.nspname = 'public' AND k.contype = 'f' ORDER BY c.relname, k.conname`,
    );
    for (const fk of fks) await tx.query(`ALTER TABLE ${quote(fk.tbl)} DROP CONSTRAINT ${quote(fk.name)}`);
    // What the migrations wrote themselves (glazier_migrations' rows) gives way to the backup's.
    if (present.size) await tx.query(`TRUNCATE ${[...present].map(quote).join(', ')}`);

    let current: (TableHeader & { insert: string }) | undefined;
    let left = 0;
    let batch: string[] = [];
    let batchBytes = 0;
    const flush = async () => {
      if (!batch.length || !current) return;
      await tx.query(current.insert, [`[${batch.join(',')}]`]);
      batch = [];
      batchBytes = 0;
    };
    let lineNo = 0;
    for await (const line of backupLines(file)) {
      lineNo++;
      if (lineNo === 1) continue; // the header
      if (left > 0) {
        batch.push(line);
        batchBytes += line.length;
        left--;
        if (batch.length >= BATCH_ROWS || batchBytes >= BATCH_BYTES) await flush();
        if (left === 0) {
          await flush();
          log(`  ${current!.table}: ${current!.rows} rows`);
        }
        continue;
      }
      const doc = JSON.parse(line) as Partial<TableHeader> & { sequences?: { name: string; last_value: string | null }[]; end?: boolean };
      if (doc.table !== undefined) {
        const t = doc as TableHeader;
        if (!present.has(t.table)) throw new BackupFileError(`The backup has a table "${t.table}" this Glazier's schema does not. Nothing was restored.`);
        const here = await tableColumns(tx, t.table);
        const missing = t.columns.filter((c) => !here.columns.includes(c));
        if (missing.length)
          throw new BackupFileError(`The backup's table "${t.table}" has columns this schema does not (${missing.join(', ')}). Nothing was restored.`);
        // Each row from its JSON by the table's own row type; bytea columns decoded from base64.
        const cols = t.columns.map(quote).join(', ');
        const values = t.columns.map((c) => (t.bytea.includes(c) ? `decode(j->>'${c.replace(/'/g, "''")}', 'base64')` : `r.${quote(c)}`)).join(', ');
        const without = t.bytea.length ? ` - ARRAY[${t.bytea.map((c) => `'${c.replace(/'/g, "''")}'`).join(', ')}]::text[]` : '';
        current = {
          ...t,
          insert: `INSERT INTO ${quote(t.table)} (${cols}) OVERRIDING SYSTEM VALUE
                   SELECT ${values} FROM jsonb_array_elements($1::jsonb) AS j, jsonb_populate_record(NULL::${quote(t.table)}, j${without}) AS r`,
        };
        left = t.rows;
        tables[t.table] = t.rows;
        rows += t.rows;
        if (!left) log(`  ${t.table}: 0 rows`);
      } else if (doc.sequences) {
        for (const s of doc.sequences) {
          if (s.last_value !== null) await tx.query('SELECT setval($1::regclass, $2::bigint, true)', [`public.${quote(s.name)}`, s.last_value]);
        }
      } else if (doc.end) {
        break;
      }
    }
    for (const fk of fks) await tx.query(`ALTER TABLE ${quote(fk.tbl)} ADD CONSTRAINT ${quote(fk.name)} ${fk.def}`);
    for (const [table, n] of Object.entries(tables)) {
      const [count] = await tx.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${quote(table)}`);
      if (count?.n !== n) throw new Error(`${table}: the backup has ${n} rows but ${count?.n} were restored`);
    }
  });
  // Migrations newer than the backup (the restoring Glazier is newer than the one that made it).
  // (Permissions of areas newer than the backup are added by the server when it starts.)
  const newerMigrations = await migrate(db);
  return { header, trailer, tables, rows, newerMigrations };
}

/**
 * `npm run db:generate -- --name <what>` (`--custom` for SQL Drizzle cannot declare): writes the next SQL migration (migrations/NNNN_<what>.sql,
 * its snapshot in meta/ and its line in meta/_journal.json), from the difference between the last
 * snapshot and every table as declared (db/schema-tables.ts: each resource's from the registry,
 * and schema.ts's own). drizzle-kit's own `generate` sees only a module's named exports, which
 * would take a line per new table; its API takes the tables themselves, and writes the same SQL
 * (a rename still asks which it is, as drizzle-kit does).
 */
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { generateDrizzleJson, generateMigration } from 'drizzle-kit/api';
import { SCHEMA_TABLES } from '../db/schema-tables.ts';

const MIGRATIONS = path.join(import.meta.dirname, '../db/migrations');
const JOURNAL = path.join(MIGRATIONS, 'meta/_journal.json');
/** drizzle-kit's separator between statements, which db/migrate.ts splits on. */
const BREAKPOINT = '--> statement-breakpoint\n';

interface Journal {
  version: string;
  dialect: string;
  entries: { idx: number; version: string; when: number; tag: string; breakpoints: boolean }[];
}

const snapshotPath = (idx: number) => path.join(MIGRATIONS, `meta/${String(idx).padStart(4, '0')}_snapshot.json`);

async function main(): Promise<void> {
  const { values } = parseArgs({ options: { name: { type: 'string' }, custom: { type: 'boolean' } } });
  const name = values.name;
  if (!name || !/^[a-z0-9_]+$/.test(name)) throw new Error('Name the migration by what it adds: npm run db:generate -- --name warranty_claims');

  const journal = JSON.parse(fs.readFileSync(JOURNAL, 'utf8')) as Journal;
  const last = journal.entries.at(-1);
  if (!last) throw new Error('The journal has no migration to compare the tables with.');
  const prev = JSON.parse(fs.readFileSync(snapshotPath(last.idx), 'utf8')) as Parameters<typeof generateMigration>[0] & { id: string };
  const cur = generateDrizzleJson(SCHEMA_TABLES, prev.id);
  // A custom migration (SQL written by hand) leaves the schema as it was: its snapshot is the last one.
  const { id: _prevId, prevId: _prevPrevId, ...unchanged } = prev;
  const statements = values.custom ? ['-- Custom SQL migration file, put your code below! --'] : await generateMigration(prev, cur);
  if (!statements.length) {
    console.log('No schema changes, nothing to migrate.');
    return;
  }

  const idx = last.idx + 1;
  const tag = `${String(idx).padStart(4, '0')}_${name}`;
  // As drizzle-kit writes it: its ids first, the tables by name.
  const tables = Object.fromEntries(Object.entries(cur.tables).sort(([a], [b]) => (a < b ? -1 : 1)));
  const snapshot = values.custom
    ? { id: cur.id, prevId: cur.prevId, ...unchanged }
    : { id: cur.id, prevId: cur.prevId, ...cur, tables, _meta: { columns: {}, schemas: {}, tables: {} } };
  fs.writeFileSync(snapshotPath(idx), JSON.stringify(snapshot, null, 2));
  journal.entries.push({ idx, version: cur.version, when: Date.now(), tag, breakpoints: true });
  fs.writeFileSync(JOURNAL, JSON.stringify(journal, null, 2));
  fs.writeFileSync(path.join(MIGRATIONS, `${tag}.sql`), statements.join(BREAKPOINT));
  console.log(`Wrote migrations/${tag}.sql (${statements.length} statements), its snapshot and its journal entry.`);
}

await main();

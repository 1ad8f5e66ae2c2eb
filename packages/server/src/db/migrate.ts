/** Applies the SQL files of ./migrations in order, each in its own transaction, once. */
import fs from 'node:fs';
import path from 'node:path';
import type { Db } from './client.ts';
import { MigrationBlocked, ruleBreaks } from './migration-preflight.ts';

const MIGRATIONS_DIR = path.join(import.meta.dirname, 'migrations');

/** The migrations this Glazier has, in the order they apply. */
export function migrationNames(): string[] {
  return fs
    .readdirSync(MIGRATIONS_DIR)
    .filter((f) => f.endsWith('.sql'))
    .sort();
}

/** Applies the pending migrations (only those in `only` when given: a restore's backup had those). */
export async function migrate(db: Db, only?: Set<string>): Promise<string[]> {
  await db.query('CREATE TABLE IF NOT EXISTS glazier_migrations (name text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())');
  const done = new Set((await db.query<{ name: string }>('SELECT name FROM glazier_migrations')).map((r) => r.name));
  const files = migrationNames().filter((f) => !only || only.has(f));
  const applied: string[] = [];
  for (const file of files) {
    if (done.has(file)) continue;
    const statements = migrationStatements(file);
    if (done.size) {
      // Rules added over stored rows: refuse with the rows that break them (a fresh database has none).
      const breaks = await ruleBreaks(db, statements);
      if (breaks.length) throw new MigrationBlocked(file, breaks);
    }
    await db.transaction(async (tx) => {
      for (const statement of statements) await tx.query(statement);
      await tx.query('INSERT INTO glazier_migrations (name) VALUES ($1)', [file]);
    });
    applied.push(file);
  }
  return applied;
}

/** The statements of one migration file, in order. */
export function migrationStatements(file: string): string[] {
  return fs
    .readFileSync(path.join(MIGRATIONS_DIR, file), 'utf8')
    .split('--> statement-breakpoint')
    .map((s) => s.trim())
    .filter(Boolean);
}

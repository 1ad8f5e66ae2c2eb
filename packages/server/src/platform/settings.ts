/**
 * The `settings` rows (name/value, shared/src/settings.ts names them) read and written by name:
 * what an admin's form keeps (the burden rate a new job starts with) and what the system itself
 * records (when scheduled work last ran, when the last backup was made). A row in the trash is no
 * setting.
 */
import { SETTING } from '@glazier/shared/settings';
import type { Db } from '../db/client.ts';

export async function readSetting(db: Db, name: string): Promise<string | null> {
  const [row] = await db.query<{ value: string | null }>('SELECT value FROM settings WHERE name = $1 AND deleted_at IS NULL LIMIT 1', [name]);
  return row?.value ?? null;
}

/** The shop as Settings names it (Company name and details), blank until set: one read for every message, document and feed. */
export async function readShop(db: Db): Promise<{ name: string; details: string }> {
  const rows = await db.query<{ name: string; value: string | null }>('SELECT name, value FROM settings WHERE name = ANY($1::text[]) AND deleted_at IS NULL', [
    `{${SETTING.companyName},${SETTING.companyDetails}}`,
  ]);
  const value = (name: string) => rows.find((r) => r.name === name)?.value?.trim() ?? '';
  return { name: value(SETTING.companyName), details: value(SETTING.companyDetails) };
}

/** The name a message or a feed signs with: the shop's, or "Glazier" before one is set. */
export async function shopName(db: Db): Promise<string> {
  return (await readShop(db)).name || 'Glazier';
}

/** A setting the system keeps (not an admin's form, so no validation, history or rights). */
export async function writeSystemSetting(db: Db, name: string, value: string): Promise<void> {
  await db.transaction(async (tx) => {
    const updated = await tx.query('UPDATE settings SET value = $2, updated_at = now() WHERE name = $1 AND deleted_at IS NULL RETURNING id', [name, value]);
    if (!updated.length) await tx.query('INSERT INTO settings (name, value) VALUES ($1, $2) ON CONFLICT DO NOTHING', [name, value]);
  });
}

/**
 * Settings rows the system itself writes (not an admin's form): when scheduled work last ran, when
 * the last backup was made. Plain name/value rows of `settings`, kept by name.
 */
import type { Db } from '../db/client.ts';

export async function readSystemSetting(db: Db, name: string): Promise<string | null> {
  const [row] = await db.query<{ value: string | null }>('SELECT value FROM settings WHERE name = $1 AND deleted_at IS NULL LIMIT 1', [name]);
  return row?.value ?? null;
}

export async function writeSystemSetting(db: Db, name: string, value: string): Promise<void> {
  await db.transaction(async (tx) => {
    const updated = await tx.query('UPDATE settings SET value = $2, updated_at = now() WHERE name = $1 AND deleted_at IS NULL RETURNING id', [name, value]);
    if (!updated.length) await tx.query('INSERT INTO settings (name, value) VALUES ($1, $2) ON CONFLICT DO NOTHING', [name, value]);
  });
}

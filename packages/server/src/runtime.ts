/** Opening the configured database ready for use, and the session secret kept under DATA_DIR. */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Config } from './config.ts';
import type { Db } from './db/client.ts';
import { migrate } from './db/migrate.ts';
import { openDb } from './db/open.ts';
import { ensureDefaultPermissions } from './platform/role-permissions.ts';

export async function openReadyDb(config: Pick<Config, 'databaseUrl' | 'dataDir'>): Promise<Db> {
  const db = await openDb(config);
  try {
    await migrate(db);
    await ensureDefaultPermissions(db);
  } catch (e) {
    await db.close();
    throw e;
  }
  return db;
}

/** SESSION_SECRET, or a random one generated once and kept in DATA_DIR/session-secret. */
export function sessionSecret(config: Pick<Config, 'sessionSecret' | 'dataDir'>): string {
  if (config.sessionSecret) {
    if (config.sessionSecret.length < 32) throw new Error('SESSION_SECRET must be at least 32 characters.');
    return config.sessionSecret;
  }
  const file = path.join(config.dataDir, 'session-secret');
  if (fs.existsSync(file)) return fs.readFileSync(file, 'utf8').trim();
  fs.mkdirSync(config.dataDir, { recursive: true });
  const secret = crypto.randomBytes(48).toString('base64url');
  fs.writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

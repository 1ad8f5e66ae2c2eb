/** Opens the configured database: PostgreSQL when DATABASE_URL is set, else PGlite under DATA_DIR. */
import { wrapDriver, type Db } from './client.ts';
import { createPgDriver } from './pg-driver.ts';
import { createPgliteDriver } from './pglite-driver.ts';

export async function openDb(opts: { databaseUrl?: string; dataDir: string }): Promise<Db> {
  const driver = opts.databaseUrl ? await createPgDriver(opts.databaseUrl) : await createPgliteDriver(opts.dataDir);
  return wrapDriver(driver);
}

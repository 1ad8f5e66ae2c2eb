/**
 * Builds one migrated database template per test run; each test file copies it (PGlite) or
 * clones it (PostgreSQL, when TEST_DATABASE_URL is set), so files run isolated and fast.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openReadyDb } from '../src/runtime.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteTemplate: string;
    pgTemplate: string;
  }
}

/**
 * Where the run's PGlite template and each file's copy of it live: a memory file system when the
 * machine has one. Copying the template (1 400 files) and removing a used copy cost seconds a file
 * on a disk mounted with `discard` (CI's), a few hundred milliseconds in memory.
 */
function testTmpDir(): string {
  try {
    fs.accessSync('/dev/shm', fs.constants.W_OK);
    return '/dev/shm';
  } catch {
    return os.tmpdir();
  }
}

export default async function setup(project: TestProject) {
  const root = fs.mkdtempSync(path.join(testTmpDir(), 'glazier-test-'));
  const url = process.env.TEST_DATABASE_URL;
  let cleanup: () => Promise<void>;
  if (url) {
    const name = `glazier_template_${process.pid}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS ${name}`);
    await admin.query(`CREATE DATABASE ${name}`);
    const templateUrl = withDatabase(url, name);
    const db = await openReadyDb({ databaseUrl: templateUrl, dataDir: root });
    await db.close();
    project.provide('pgTemplate', name);
    project.provide('pgliteTemplate', '');
    cleanup = async () => {
      const dbs = await admin.query<{ datname: string }>(`SELECT datname FROM pg_database WHERE datname LIKE 'glazier_t_${process.pid}_%'`);
      for (const r of dbs.rows) await admin.query(`DROP DATABASE IF EXISTS ${r.datname} WITH (FORCE)`);
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
    };
  } else {
    const dir = path.join(root, 'template');
    const db = await openReadyDb({ dataDir: dir, databaseUrl: undefined });
    await db.close();
    project.provide('pgliteTemplate', dir);
    project.provide('pgTemplate', '');
    cleanup = async () => undefined;
  }
  return async () => {
    await cleanup();
    fs.rmSync(root, { recursive: true, force: true });
  };
}

export function withDatabase(url: string, database: string): string {
  const u = new URL(url);
  u.pathname = `/${database}`;
  return u.toString();
}

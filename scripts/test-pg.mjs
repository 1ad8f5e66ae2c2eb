// The server suite again on a real PostgreSQL when TEST_DATABASE_URL is set (CI sets it).
import { spawnSync } from 'node:child_process';

if (!process.env.TEST_DATABASE_URL) {
  console.log('PostgreSQL pass: TEST_DATABASE_URL is not set, so only the PGlite pass ran.');
  process.exit(0);
}
const r = spawnSync('npx', ['vitest', 'run', '--project', 'server'], { stdio: 'inherit', env: process.env });
process.exit(r.status ?? 1);

// The server's database tests again on a real PostgreSQL when TEST_DATABASE_URL is set (CI sets it).
// Only the `server-db` project: the pure tests and the PGlite-only ones ran once already in `vitest run`.
import { spawnSync } from 'node:child_process';

if (!process.env.TEST_DATABASE_URL) {
  console.log('PostgreSQL pass: TEST_DATABASE_URL is not set, so only the PGlite pass ran.');
  process.exit(0);
}
const r = spawnSync('npx', ['vitest', 'run', '--project', 'server-db'], { stdio: 'inherit', env: process.env });
process.exit(r.status ?? 1);

// The server for the browser tests: the built app on a fresh PGlite database in .tmp/e2e-data, or
// on PostgreSQL when E2E_DATABASE_URL names an empty database (the specs start from first-run setup).
import fs from 'node:fs';
import path from 'node:path';
import { spawn } from 'node:child_process';

const root = path.resolve(import.meta.dirname, '..');
const dataDir = path.join(root, '.tmp', 'e2e-data');
fs.rmSync(dataDir, { recursive: true, force: true });
// A private copy of the built app, so a rebuild during the run cannot swap assets under it.
const webDist = path.join(root, '.tmp', 'e2e-web');
fs.rmSync(webDist, { recursive: true, force: true });
fs.cpSync(path.join(root, 'packages/web/dist'), webDist, { recursive: true });
const child = spawn(path.join(root, 'node_modules/.bin/tsx'), ['packages/server/src/cli/main.ts', 'serve'], {
  cwd: root,
  stdio: 'inherit',
  env: {
    ...process.env,
    PORT: process.env.E2E_PORT ?? '3199',
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    WEB_DIST: webDist,
    LOG_LEVEL: 'warn',
    DATABASE_URL: process.env.E2E_DATABASE_URL ?? '',
  },
});
const stop = (signal) => child.kill(signal);
process.on('SIGINT', () => stop('SIGINT'));
process.on('SIGTERM', () => stop('SIGTERM'));
child.on('exit', (code) => process.exit(code ?? 0));

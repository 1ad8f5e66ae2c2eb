import { configDefaults, defineConfig } from 'vitest/config';

// The server's tests in three projects, so the PostgreSQL pass (scripts/test-pg.mjs) reruns only
// what a database changes: `server-unit` (test/unit/: no database), `server-db` (the API and
// database tests: on PGlite here, on PostgreSQL again in that pass) and `server-pglite` (test/pglite-only/:
// tests of PGlite itself, such as the kill -9 test of its data folder).
const serverDb = {
  environment: 'node',
  globalSetup: ['packages/server/test/global-setup.ts'],
  setupFiles: ['packages/server/test/install-resources.ts'],
  testTimeout: 60_000,
  hookTimeout: 120_000,
  // One module graph per worker rather than per file: importing the server (every area, the engine,
  // Fastify, PGlite's loader) again for each of ~55 files was a third of the project's time (setup
  // 58 s + import 17 s of 183 s on PGlite; 150 → 93 s on PostgreSQL). Each file still opens a database
  // of its own (harness.ts), and no server test mocks modules or stubs globals.
  isolate: false,
} as const;

export default defineConfig({
  test: {
    // Every core: Vitest's default leaves one for itself (a single worker on CI's two cores), while
    // the main process mostly waits on the workers.
    maxWorkers: '100%',
    projects: [
      { test: { name: 'shared', include: ['packages/shared/src/**/*.test.ts'], environment: 'node' } },
      { test: { name: 'server-unit', include: ['packages/server/test/unit/**/*.test.ts'], environment: 'node' } },
      {
        test: {
          name: 'server-db',
          include: ['packages/server/test/**/*.test.ts'],
          exclude: [...configDefaults.exclude, 'packages/server/test/unit/**', 'packages/server/test/pglite-only/**'],
          ...serverDb,
        },
      },
      {
        test: {
          name: 'server-pglite',
          include: ['packages/server/test/pglite-only/**/*.test.ts'],
          environment: 'node',
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
      'packages/web/vitest.config.ts',
    ],
  },
});

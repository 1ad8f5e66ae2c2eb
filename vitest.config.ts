import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: [
      { test: { name: 'shared', include: ['packages/shared/src/**/*.test.ts'], environment: 'node' } },
      {
        test: {
          name: 'server',
          include: ['packages/server/test/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['packages/server/test/global-setup.ts'],
          setupFiles: ['packages/server/test/install-resources.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
      'packages/web/vitest.config.ts',
    ],
  },
});

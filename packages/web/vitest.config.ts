import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  plugins: [react()],
  test: {
    name: 'web',
    root: import.meta.dirname,
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['./src/test/setup.ts'],
    restoreMocks: true,
    // One jsdom and one module graph per worker rather than per file: setting up jsdom and importing
    // Mantine and the app again for each of ~70 files was most of this project's time. The setup file
    // puts back what a file could leave behind (address, DOM, storage); see src/test/setup.ts.
    isolate: false,
    // Component tests render the real Mantine tree; on a loaded 2-core machine some take seconds.
    testTimeout: 20_000,
  },
});

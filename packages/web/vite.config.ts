import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';

/** Paths the server answers itself: never served from the service worker's app shell. */
const SERVER_PATHS = ['/api', '/login', '/logout', '/sanctum', '/health'];

/**
 * Writes `name.br` and `name.gz` beside every text file of the build (after the service worker is
 * generated), for the server to send by Accept-Encoding (@fastify/static `preCompressed`).
 */
function precompress(): Plugin {
  let outDir = 'dist';
  return {
    name: 'glazier-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    closeBundle: {
      order: 'post',
      sequential: true,
      handler() {
        const walk = (dir: string): string[] =>
          fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? walk(path.join(dir, e.name)) : [path.join(dir, e.name)]));
        for (const file of walk(outDir)) {
          if (!/\.(js|mjs|css|html|svg|json|webmanifest|txt)$/.test(file)) continue;
          const data = fs.readFileSync(file);
          if (data.length < 1024) continue;
          fs.writeFileSync(`${file}.br`, zlib.brotliCompressSync(data, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: data.length } }));
          fs.writeFileSync(`${file}.gz`, zlib.gzipSync(data, { level: 9 }));
        }
      },
    },
  };
}

export default defineConfig({
  plugins: [
    react(),
    VitePWA({
      registerType: 'autoUpdate',
      injectRegister: false,
      filename: 'sw.js',
      includeAssets: ['favicon.svg', 'apple-touch-icon.png'],
      manifest: {
        name: 'Glazier',
        short_name: 'Glazier',
        description: 'Jobs, estimates, inventory, scheduling and time for a glass and mirror contractor.',
        theme_color: '#0b7285',
        background_color: '#ffffff',
        display: 'standalone',
        start_url: '/',
        scope: '/',
        icons: [
          { src: '/icon-192.png', sizes: '192x192', type: 'image/png' },
          { src: '/icon-512.png', sizes: '512x512', type: 'image/png' },
          { src: '/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
          { src: '/favicon.svg', sizes: 'any', type: 'image/svg+xml' },
        ],
      },
      workbox: {
        navigateFallback: '/index.html',
        navigateFallbackDenylist: SERVER_PATHS.map((p) => new RegExp(`^${p}(/|$)`)),
        globPatterns: ['**/*.{js,css,html,svg,png,webmanifest}'],
        // The precompressed copies are for the server, not for the cache.
        globIgnores: ['**/*.br', '**/*.gz', '.vite/**'],
        cleanupOutdatedCaches: true,
        clientsClaim: true,
        skipWaiting: true,
      },
    }),
    precompress(),
  ],
  server: {
    proxy: Object.fromEntries(SERVER_PATHS.map((p) => [p, { target: 'http://localhost:3000', changeOrigin: false }])),
  },
  preview: {
    proxy: Object.fromEntries(SERVER_PATHS.map((p) => [p, { target: 'http://localhost:3000', changeOrigin: false }])),
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    chunkSizeWarningLimit: 600,
    // dist/.vite/manifest.json: which chunks each screen loads (scripts/first-screen-budget.mjs).
    manifest: true,
  },
});

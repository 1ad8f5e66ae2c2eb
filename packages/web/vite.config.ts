import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';

/** Paths the server answers itself: never served from the service worker's app shell. */
const SERVER_PATHS = ['/api', '/login', '/logout', '/sanctum', '/health'];

export default defineConfig({
  plugins: [
    react(),
    VitePWA({
      registerType: 'autoUpdate',
      injectRegister: false,
      filename: 'sw.js',
      includeAssets: ['favicon.svg', 'apple-touch-icon.png', 'color-scheme.js'],
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
        cleanupOutdatedCaches: true,
        clientsClaim: true,
        skipWaiting: true,
      },
    }),
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
  },
});

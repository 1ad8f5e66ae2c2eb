import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import zlib from 'node:zlib';
import react from '@vitejs/plugin-react';
import { createServer, defineConfig, type Plugin } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { themeCssVariables } from './src/app/theme-css.ts';

/** Paths the server answers itself: never served from the service worker's app shell. */
const SERVER_PATHS = ['/api', '/login', '/logout', '/sanctum', '/health', '/ready'];

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
          fs.writeFileSync(
            `${file}.br`,
            zlib.brotliCompressSync(data, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: data.length } }),
          );
          fs.writeFileSync(`${file}.gz`, zlib.gzipSync(data, { level: 9 }));
        }
      },
    },
  };
}

/**
 * Mantine's `useId` (9.x) swaps React's id for a random one in a layout effect after mount, so every
 * component using it (the app shell's sections, every input, popover and tooltip) renders twice,
 * the second time synchronously inside the commit: on the first screen that was one long task of
 * the whole shell. With React 19's `useId` (unique, stable, valid in selectors) there is no need:
 * the build serves Mantine this one-render version (src/ui/mantine-use-id.ts).
 */
function mantineIdsWithoutRerender(): Plugin {
  const replacement = path.resolve(import.meta.dirname, 'src/ui/mantine-use-id.ts');
  return {
    name: 'glazier-mantine-ids-without-rerender',
    apply: 'build',
    enforce: 'pre',
    load(id) {
      if (/[\\/]@mantine[\\/]hooks[\\/]esm[\\/]use-id[\\/]use-id\.mjs$/.test(id))
        return `export { useMantineId as useId } from ${JSON.stringify(replacement)};`;
      return null;
    },
  };
}

/**
 * Mantine's `MantineCssVariables` works out the theme's CSS variables on every start (and its
 * module builds Mantine's default set while it loads): ~50 ms of CPU on a fast machine, a long
 * task on a phone, for a text that only changes with src/app/theme.ts. The build serves a stand-in
 * that renders the same <style>, its text computed here (src/app/theme-css.ts). Dev mode and the
 * unit tests keep Mantine's component; theme-css.test.tsx checks the two agree.
 */
function mantineCssVariablesAtBuild(): Plugin {
  return {
    name: 'glazier-mantine-css-variables-at-build',
    apply: 'build',
    enforce: 'pre',
    load(id) {
      if (!/[\\/]@mantine[\\/]core[\\/]esm[\\/].*[\\/]MantineCssVariables[\\/]MantineCssVariables\.mjs$/.test(id)) return null;
      const html = JSON.stringify({ __html: themeCssVariables() });
      return `import { jsx } from 'react/jsx-runtime';\nconst props = { 'data-mantine-styles': true, dangerouslySetInnerHTML: ${html} };\nexport function MantineCssVariables() { return jsx('style', props); }\n`;
    },
  };
}

/**
 * main.tsx imports React's renderer (react-dom/client, half of the start-up code) dynamically, so
 * the browser evaluates it in a task of its own instead of inside the one long evaluation of the
 * app's modules. It is needed at once all the same: index.html preloads it like a static import.
 */
function preloadReactRenderer(): Plugin {
  return {
    name: 'glazier-preload-react-renderer',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, ctx) {
        const renderer = Object.values(ctx.bundle ?? {}).find((c) => c.type === 'chunk' && /[\\/]react-dom[\\/]client\.js$/.test(c.facadeModuleId ?? ''));
        if (!renderer) throw new Error('no chunk of its own for react-dom/client: main.tsx must import it dynamically');
        const entry = /<script type="module" crossorigin src="[^"]+"><\/script>/;
        if (!entry.test(html)) throw new Error('index.html has no entry script to preload the renderer beside');
        return html.replace(entry, (tag) => `${tag}\n    <link rel="modulepreload" crossorigin href="/${renderer.fileName}">`);
      },
    },
  };
}

/**
 * The first screen's stylesheets go inline in index.html, so the first paint (the boot splash, or
 * a pre-rendered page) waits for no request. Each keeps its <link>, `disabled`: Vite's loader
 * finds it and does not add the same styles again when a lazy screen needs them.
 */
function inlineFirstScreenStyles(): Plugin {
  return {
    name: 'glazier-inline-first-screen-styles',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, ctx) {
        return html.replace(/<link rel="stylesheet" crossorigin href="\/(assets\/[^"]+\.css)">/g, (tag, file: string) => {
          const asset = ctx.bundle?.[file];
          if (asset?.type !== 'asset') return tag;
          return `<style>${String(asset.source)}</style><link rel="stylesheet" crossorigin href="/${file}" disabled>`;
        });
      },
    },
  };
}

/**
 * The app's code is fetched and started after the first frame is painted. Its modules were fetched
 * with the page (module preloads and the entry script), and compiling them as they arrived held up
 * the first paint whenever they arrived before it: a pre-rendered page (or, from the service
 * worker's cache, the boot splash) then showed only after the app's code, and Lighthouse's first
 * and largest paints took in all of it (2.3–2.6 s on `/` and `/welcome` in some runs, 0.6–1.1 s in
 * the others). Now the page names its code in `#app-code` (the entry and the modules to preload,
 * read by scripts/first-screen-weight.ts too) and an inline script asks for them all at once when a
 * frame has gone out. A hidden tab paints no frame: it starts at once; a frame that never comes
 * starts it after half a second.
 */
function startAfterFirstPaint(): Plugin {
  const starter = [
    '<script>',
    '      (function () {',
    '        var started = false;',
    '        var start = function () {',
    '          if (started) return;',
    '          started = true;',
    "          var code = JSON.parse(document.getElementById('app-code').textContent);",
    '          code.preload.forEach(function (href) {',
    "            var link = document.createElement('link');",
    "            link.rel = 'modulepreload';",
    "            link.crossOrigin = '';",
    '            link.href = href;',
    '            document.head.appendChild(link);',
    '          });',
    '          import(code.entry);',
    '        };',
    "        if (document.visibilityState !== 'visible') start();",
    '        else requestAnimationFrame(function () { setTimeout(start, 0); });',
    '        setTimeout(start, 500);',
    '      })();',
    '    </script>',
  ].join('\n');
  return {
    name: 'glazier-start-after-first-paint',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html) {
        const entry = /<script type="module" crossorigin src="([^"]+)"><\/script>/.exec(html)?.[1];
        if (!entry) throw new Error('index.html has no entry script to start after the first paint');
        const preloads = /\n? *<link rel="modulepreload" crossorigin href="([^"]+)">/g;
        const preload = [...html.matchAll(preloads)].map((m) => m[1]!);
        const code = `<script type="application/json" id="app-code">${JSON.stringify({ entry, preload })}</script>`;
        return html
          .replace(preloads, '')
          .replace(/<script type="module" crossorigin src="[^"]+"><\/script>/, code)
          .replace(
            '</body>',
            `  <!-- Fetches and starts the app once the first frame is painted (vite.config.ts startAfterFirstPaint). -->\n    ${starter}\n  </body>`,
          );
      },
    },
  };
}

/**
 * Writes `prerendered/<page>.html` for each public page (src/app/prerender.tsx): index.html with
 * the page's markup in `#root`, painted before the app's code arrives. The server sends it for that
 * path (http/app.ts), and `prerendered/signed-in/index.html` for `/` to a signed-in visitor, their
 * name put in; every other path gets index.html and its boot splash.
 */
function prerenderPublicPages(): Plugin {
  let outDir = 'dist';
  let root = '.';
  return {
    name: 'glazier-prerender-public-pages',
    apply: 'build',
    configResolved(config) {
      root = config.root;
      outDir = path.resolve(config.root, config.build.outDir);
    },
    closeBundle: {
      order: 'post',
      sequential: true,
      async handler() {
        const server = await createServer({
          configFile: false,
          root,
          logLevel: 'error',
          plugins: [react()],
          server: { middlewareMode: true, hmr: false, watch: null },
          appType: 'custom',
          // Node loads the dependencies itself: nothing to scan or pre-bundle for a browser.
          optimizeDeps: { noDiscovery: true, include: [] },
        });
        try {
          const { prerender, PUBLIC_PAGES, SIGNED_IN_HOME } = (await server.ssrLoadModule('/src/app/prerender.tsx')) as {
            prerender: (page: string, as?: 'guest' | 'stand-in') => Promise<string>;
            PUBLIC_PAGES: string[];
            SIGNED_IN_HOME: { file: string; mark: string };
          };
          const shell = fs.readFileSync(path.join(outDir, 'index.html'), 'utf8');
          const splash = /<div id="root"><div class="boot-splash">[^<]*<\/div><\/div>/;
          if (!splash.test(shell)) throw new Error('index.html has no boot splash in #root to pre-render over');
          // Inert and disabled until the app's first render replaces it: a click before the code
          // arrives would do nothing, so nothing can be clicked or focused until then (and tools
          // that wait for an enabled control, Playwright's click, wait for the app's own).
          const write = (file: string, markup: string) => {
            const inert = `<div id="root"><div inert aria-disabled="true" style="display:contents">${markup}</div></div>`;
            fs.mkdirSync(path.dirname(path.join(outDir, file)), { recursive: true });
            fs.writeFileSync(path.join(outDir, file), shell.replace(splash, inert));
          };
          for (const page of PUBLIC_PAGES) write(`prerendered/${page.slice(1)}.html`, await prerender(page));
          // `/` for a signed-in visitor: the server puts their name in (shared/signed-in-page.ts)
          const home = await prerender('/', 'stand-in');
          if (!home.includes(SIGNED_IN_HOME.mark)) throw new Error('the signed-in home page does not greet its stand-in user');
          write(SIGNED_IN_HOME.file, home);
        } finally {
          await server.close();
        }
      },
    },
  };
}

/**
 * React Router's package exports only its development build, whose one difference from its own
 * production build (dist/production) is that its development warnings are on: a build takes the
 * production one, the warnings' texts and checks left out of every first screen.
 */
function reactRouterProduction(): Plugin {
  const entry = path.join(path.dirname(createRequire(import.meta.url).resolve('react-router/package.json')), 'dist/production/index.mjs');
  return {
    name: 'glazier-react-router-production',
    apply: 'build',
    enforce: 'pre',
    resolveId: (id) => (id === 'react-router' ? entry : null),
  };
}

export default defineConfig({
  plugins: [
    reactRouterProduction(),
    mantineIdsWithoutRerender(),
    mantineCssVariablesAtBuild(),
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
        // Pre-rendered pages are for a first visit; the service worker serves index.html.
        globIgnores: ['**/*.br', '**/*.gz', '.vite/**', 'prerendered/**'],
        cleanupOutdatedCaches: true,
        clientsClaim: true,
        skipWaiting: true,
      },
    }),
    preloadReactRenderer(),
    startAfterFirstPaint(),
    inlineFirstScreenStyles(),
    prerenderPublicPages(),
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
    // dist/.vite/manifest.json: which chunks each screen loads (scripts/first-screen-weight.ts).
    manifest: true,
    // Every browser we serve has rel=modulepreload: no polyfill. index.html still preloads what the
    // first screen imports; a lazy screen's own imports are not listed in the entry for preloading
    // (that list grew with every screen, ~3 KB of the first screen's budget): the service worker
    // precaches every chunk (vite-plugin-pwa), so after the first visit they come from the device,
    // and before it a screen's imports cost one more round trip the first time it opens.
    modulePreload: { polyfill: false, resolveDependencies: (_file, deps, { hostType }) => (hostType === 'html' ? deps : []) },
  },
});

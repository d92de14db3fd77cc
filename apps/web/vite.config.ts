import tailwindcss from '@tailwindcss/vite';
import babel from '@rolldown/plugin-babel';
import { lingui } from '@lingui/vite-plugin';
import react from '@vitejs/plugin-react';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig, type Plugin } from 'vite';
import { visualizer } from 'rollup-plugin-visualizer';
import { VitePWA } from 'vite-plugin-pwa';
import { offlineStartFiles } from './scripts/precache-core.mjs';
import { startChunks } from './scripts/start-chunks.mjs';

// The API lives on the same origin in production; in dev, Vite forwards these prefixes to the server.
const apiTarget = process.env.API_URL ?? 'http://127.0.0.1:3000';
const proxied = ['/trpc', '/api', '/jwt'];

// Where the build goes (read by the precache filter below, which needs Vite's manifest).
let outDir = fileURLToPath(new URL('./dist', import.meta.url));
const rememberOutDir: Plugin = {
  name: 'medrem:remember-out-dir',
  configResolved(config) {
    outDir = path.resolve(config.root, config.build.outDir);
  },
};

/**
 * `asset-list.json`: every built script and style sheet, for the service worker to cache while
 * online (src/app/warm-offline-cache.ts, decision 054). Not the Firebase SDK (fetched when 'Login with
 * Google' is pressed, online by nature), nor the API docs or bundle statistics.
 */
const assetList: Plugin = {
  name: 'medrem:asset-list',
  apply: 'build',
  generateBundle(_options, bundle) {
    const urls = Object.keys(bundle)
      .filter((file) => /^assets\/.+\.(js|css)$/.test(file))
      .filter((file) => !/\/(firebase-google|api-docs|bundle-stats|start-after-first-paint)/.test(file))
      .sort()
      .map((file) => `/${file}`);
    this.emitFile({ type: 'asset', fileName: 'asset-list.json', source: JSON.stringify(urls) });
  },
};

// Decision 059: the entry's modules in one chunk, the signed-in start's in another.
const chunks = startChunks(fileURLToPath(new URL('.', import.meta.url)));

export default defineConfig({
  resolve: {
    // zod without its eval-based JIT, for the strict CSP (see src/lib/zod-jitless.ts).
    alias: [
      { find: /^zod$/, replacement: fileURLToPath(new URL('./src/lib/zod-jitless.ts', import.meta.url)) },
    ],
  },
  plugins: [
    rememberOutDir,
    assetList,
    chunks.plugin,
    // Decision 361: Lingui's macros compiled away (before React's transform), `.po` imports compiled.
    babel({ plugins: ['@lingui/babel-plugin-lingui-macro'] }),
    react(),
    lingui(),
    tailwindcss(),
    VitePWA({
      // injectManifest: our own TypeScript worker (src/sw.ts) so later issues can add push handling.
      strategies: 'injectManifest',
      srcDir: 'src',
      filename: 'sw.ts',
      registerType: 'prompt',
      // The manifest's icons are precached by the glob below, except the 512-pixel install icons.
      includeManifestIcons: false,
      injectRegister: false,
      scope: '/',
      base: '/',
      manifest: {
        name: 'Medicine Reminder',
        short_name: 'MedReminder',
        description: 'Keep track of your medicines, doses and refills.',
        start_url: '/',
        scope: '/',
        display: 'standalone',
        background_color: '#f8fafc',
        theme_color: '#0f766e',
        icons: [
          { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
          { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
          { src: '/icons/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
        ],
      },
      injectManifest: {
        // What the app needs to start offline (decision 051): the shell, icons and manifest, and of
        // the built chunks only those of the offline start (scripts/precache-core.mjs: the entry, the
        // full app, the dashboard and what it shows). The other screens are cached by the worker
        // when first used (src/sw.ts). Never source maps or an API-docs page; the Firebase SDK is
        // fetched when 'Login with Google' is pressed (online by nature). Nor the 512-pixel install
        // icons: the browser reads them when it installs the app, which it does online; the page
        // itself shows only the 192-pixel one.
        // src/build/first-load-budget.test.ts holds the total.
        globPatterns: ['**/*.{js,css,html,png,svg,webmanifest}'],
        globIgnores: [
          '**/*.map',
          '**/api-docs*',
          '**/bundle-stats*',
          '**/firebase-google-*.js',
          'prerendered/**',
          'icons/icon-512.png',
          'icons/icon-maskable-512.png',
          // Read by iOS when the page is added to the home screen, which it does online, like the
          // install icons above; the page itself never shows it.
          'icons/apple-touch-icon.png',
          // vite-plugin-pwa adds the web manifest to the precache itself: matched here too, it was
          // listed twice (a second download of the same file at every install).
          'manifest.webmanifest',
        ],
        manifestTransforms: [
          (entries) => {
            const viteManifest = JSON.parse(readFileSync(path.join(outDir, '.vite/manifest.json'), 'utf8'));
            const core = offlineStartFiles(viteManifest);
            return {
              manifest: entries.filter((entry) => !entry.url.startsWith('assets/') || core.has(entry.url)),
            };
          },
        ],
      },
      devOptions: { enabled: false },
    }),
    // ANALYZE=stats.html (treemap) or ANALYZE=stats.json (raw data): what each chunk holds.
    process.env.ANALYZE
      ? visualizer({
          filename: process.env.ANALYZE,
          template: process.env.ANALYZE.endsWith('.json') ? 'raw-data' : 'treemap',
          gzipSize: true,
          brotliSize: true,
        })
      : null,
  ],
  server: {
    proxy: Object.fromEntries(proxied.map((prefix) => [prefix, { target: apiTarget, changeOrigin: false }])),
  },
  build: {
    target: 'es2022',
    rolldownOptions: {
      input: {
        index: fileURLToPath(new URL('./index.html', import.meta.url)),
        // The one script of the prerendered signed-out pages (decision 058, scripts/prerender.mjs).
        'start-after-first-paint': fileURLToPath(
          new URL('./src/app/signed-out/start-after-first-paint.ts', import.meta.url),
        ),
      },
      output: {
        codeSplitting: { groups: chunks.groups },
        // Decision 361: a language's catalogs named for it, so that the offline warm-up can fetch
        // the page's language only (src/app/warm-offline-cache.ts).
        chunkFileNames: (chunk) => {
          const catalog = /[\\/]locales[\\/]([\w-]+)[\\/](start|app)\.po$/.exec(chunk.facadeModuleId ?? '');
          return catalog ? `assets/catalog-${catalog[1]}-${catalog[2]}-[hash].js` : 'assets/[name]-[hash].js';
        },
      },
      // tRPC's client barrel imports its WebSocket link, whose module-level code the bundler cannot
      // prove free of effects, so 3.9 KB the app never runs sat in the signed-in start (and the
      // precache). The app uses HTTP links only; nothing of that module registers anything global.
      treeshake: {
        moduleSideEffects: (id) =>
          /[\\/]@trpc[\\/]client[\\/]dist[\\/]wsLink-/.test(id) ? false : undefined,
      },
    },
    sourcemap: false,
    manifest: true, // scripts/bundle-size.mjs reads it to report what the dashboard loads
  },
});

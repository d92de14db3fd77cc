import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import { visualizer } from 'rollup-plugin-visualizer';
import { VitePWA } from 'vite-plugin-pwa';

// The API lives on the same origin in production; in dev, Vite forwards these prefixes to the server.
const apiTarget = process.env.API_URL ?? 'http://127.0.0.1:3000';
const proxied = ['/trpc', '/api', '/jwt'];

export default defineConfig({
  resolve: {
    // zod without its eval-based JIT, for the strict CSP (see src/lib/zod-jitless.ts).
    alias: [
      { find: /^zod$/, replacement: fileURLToPath(new URL('./src/lib/zod-jitless.ts', import.meta.url)) },
    ],
  },
  plugins: [
    react(),
    tailwindcss(),
    VitePWA({
      // injectManifest: our own TypeScript worker (src/sw.ts) so later issues can add push handling.
      strategies: 'injectManifest',
      srcDir: 'src',
      filename: 'sw.ts',
      registerType: 'prompt',
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
        // What the app needs to start offline: the shell, every screen's chunk, icons and manifest
        // (src/test/precache-budget.test.ts keeps the total under 600 KB). Never source maps or an
        // API-docs page: those are fetched from the network when asked for.
        globPatterns: ['**/*.{js,css,html,png,svg,webmanifest}'],
        // The Firebase SDK is fetched when 'Login with Google' is pressed (online by nature),
        // never installed with the app.
        globIgnores: ['**/*.map', '**/api-docs*', '**/bundle-stats*', '**/firebase-google-*.js'],
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
    sourcemap: false,
    manifest: true, // scripts/bundle-size.mjs reads it to report what the dashboard loads
  },
});

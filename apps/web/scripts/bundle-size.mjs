// Prints what the first load of `/` costs in a production build (run after `npm run build`): the
// initial JavaScript (scripts and modulepreloads of index.html, gzip -9), the CSS, what the full
// app and the dashboard add on demand, and the service worker's precache total. Another build: pass its folder.
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSize, initialScripts, kib, precacheEntries } from './first-load-size.mjs';
import { offlineStartFiles } from './precache-core.mjs';

const dist = process.argv[2] ?? join(dirname(fileURLToPath(import.meta.url)), '..', 'dist');
const manifest = JSON.parse(readFileSync(join(dist, '.vite', 'manifest.json'), 'utf8'));

/** Chunks and their static imports, by Vite manifest key. */
const closure = (...keys) => offlineStartFiles(manifest, keys);
const keyOf = (suffix) => Object.keys(manifest).find((key) => key.endsWith(suffix));
const sum = (files, kind) =>
  [...files].filter((f) => f.endsWith(kind)).reduce((total, f) => total + gzipSize(dist, f), 0);

const initial = initialScripts(dist);
const shell = closure('index.html');
const fullApp = closure('index.html', keyOf('app/providers.component.tsx'));
const dashboard = closure(
  'index.html',
  keyOf('app/providers.component.tsx'),
  keyOf('features/dashboard/home.screen.tsx'),
  keyOf('features/dashboard/dashboard.component.tsx'),
);
const precache = precacheEntries(dist);

const initialJs = initial.reduce((total, f) => total + f.gzip, 0);
console.log(`Initial JS of / (index.html): ${kib(initialJs)} gzip in ${initial.length} files`);
console.log(`CSS: ${kib(sum(shell, '.css'))} gzip`);
console.log(
  `+ the full app (router, Query, tRPC, auth): ${kib(sum(fullApp, '.js') - sum(shell, '.js'))} gzip`,
);
console.log(`+ the signed-in dashboard: ${kib(sum(dashboard, '.js') - sum(fullApp, '.js'))} gzip`);
console.log(
  `Service worker precache: ${precache.length} files, ${kib(precache.reduce((t, f) => t + f.bytes, 0))}`,
);

// Prints what the first load of `/` costs in a production build (run after `npm run build`): the
// initial JavaScript (scripts and modulepreloads of index.html, gzip -9), the CSS, what a signed-in
// start adds (the full app and the dashboard: one chunk, decision 059), and the service worker's
// precache total. Another build: pass its folder.
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSize, initialScripts, kib, precacheEntries } from './first-load-size.mjs';
import { offlineStartFiles } from './precache-core.mjs';
import { SIGNED_IN_START_MODULES } from './start-chunks.mjs';

const dist = process.argv[2] ?? join(dirname(fileURLToPath(import.meta.url)), '..', 'dist');
const manifest = JSON.parse(readFileSync(join(dist, '.vite', 'manifest.json'), 'utf8'));

/** Chunks and their static imports, by Vite manifest key. */
const closure = (...keys) => offlineStartFiles(manifest, keys);
const sum = (files, kind) =>
  [...files].filter((f) => f.endsWith(kind)).reduce((total, f) => total + gzipSize(dist, f), 0);

const initial = initialScripts(dist);
const shell = closure('index.html');
const signedIn = closure('index.html', ...SIGNED_IN_START_MODULES);
const precache = precacheEntries(dist);

const initialJs = initial.reduce((total, f) => total + f.gzip, 0);
console.log(`Initial JS of / (index.html): ${kib(initialJs)} gzip in ${initial.length} files`);
console.log(`CSS: ${kib(sum(shell, '.css'))} gzip`);
console.log(
  `+ a signed-in start (router, Query, tRPC, auth, the dashboard): ${kib(sum(signedIn, '.js') - sum(shell, '.js'))} gzip`,
);
console.log(
  `Service worker precache: ${precache.length} files, ${kib(precache.reduce((t, f) => t + f.bytes, 0))}`,
);

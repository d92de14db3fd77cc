// Prints what the first load of `/` costs in a production build (run after `npm run build`): the
// initial JavaScript (scripts and modulepreloads of index.html, gzip -9), the CSS, what the
// dashboard adds on demand, and the service worker's precache total. Another build: pass its folder.
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSize, initialScripts, kib, precacheEntries } from './first-load-size.mjs';

const dist = process.argv[2] ?? join(dirname(fileURLToPath(import.meta.url)), '..', 'dist');
const manifest = JSON.parse(readFileSync(join(dist, '.vite', 'manifest.json'), 'utf8'));

/** A chunk and its static imports, by Vite manifest key. */
function closure(key, files = new Set()) {
  const chunk = manifest[key];
  if (!chunk || files.has(chunk.file)) return files;
  files.add(chunk.file);
  for (const css of chunk.css ?? []) files.add(css);
  for (const imported of chunk.imports ?? []) closure(imported, files);
  return files;
}
const keyOf = (suffix) => Object.keys(manifest).find((key) => key.endsWith(suffix));
const sum = (files, kind) =>
  [...files].filter((f) => f.endsWith(kind)).reduce((total, f) => total + gzipSize(dist, f), 0);

const initial = initialScripts(dist);
const shell = closure('index.html');
const home = closure(keyOf('features/dashboard/home.screen.tsx'), new Set(shell));
const dashboard = closure(keyOf('features/dashboard/dashboard.component.tsx'), new Set(home));
const precache = precacheEntries(dist);

const initialJs = initial.reduce((total, f) => total + f.gzip, 0);
console.log(`Initial JS of / (index.html): ${kib(initialJs)} gzip in ${initial.length} files`);
console.log(`CSS: ${kib(sum(shell, '.css'))} gzip`);
console.log(`+ the home route (login form): ${kib(sum(home, '.js') - sum(shell, '.js'))} gzip`);
console.log(`+ the signed-in dashboard, on demand: ${kib(sum(dashboard, '.js') - sum(home, '.js'))} gzip`);
console.log(
  `Service worker precache: ${precache.length} files, ${kib(precache.reduce((t, f) => t + f.bytes, 0))}`,
);

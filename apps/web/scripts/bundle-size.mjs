// Prints the gzip size of the JS and CSS that the dashboard (/) loads: the entry chunk, its static
// imports, and the home screen's lazy chunk with its own static imports. Run after `vite build`.
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const dist = join(dirname(fileURLToPath(import.meta.url)), '..', 'dist');
const manifest = JSON.parse(readFileSync(join(dist, '.vite', 'manifest.json'), 'utf8'));

const files = new Set();
function collect(key) {
  const chunk = manifest[key];
  if (!chunk || files.has(chunk.file)) return;
  files.add(chunk.file);
  for (const css of chunk.css ?? []) files.add(css);
  for (const imported of chunk.imports ?? []) collect(imported);
}
collect('index.html');
collect(Object.keys(manifest).find((key) => key.endsWith('features/dashboard/home.screen.tsx')));

const size = (kind) =>
  [...files]
    .filter((file) => file.endsWith(kind))
    .reduce((sum, file) => sum + gzipSync(readFileSync(join(dist, file)), { level: 9 }).length, 0);
const kb = (bytes) => `${(bytes / 1024).toFixed(1)} kB`;
console.log(`Dashboard: JS ${kb(size('.js'))} gzip, CSS ${kb(size('.css'))} gzip, in ${files.size} files`);

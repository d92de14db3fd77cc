// Writes file.br (brotli, quality 11) and file.gz (gzip, level 9) beside every text file of the
// built app, so that the server sends compressed bytes without compressing on each request
// (@fastify/static `preCompressed`). A variant is kept only when it is smaller than the file.
// Run after `vite build` (and so after vite-plugin-pwa has written sw.js).
import { readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { dirname, extname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const dist = process.argv[2] ?? join(dirname(fileURLToPath(import.meta.url)), '..', 'dist');
const TEXT = new Set([
  '.js',
  '.mjs',
  '.css',
  '.html',
  '.svg',
  '.webmanifest',
  '.json',
  '.txt',
  '.xml',
  '.map',
  // The pack scanner's decoder (zxing_reader.wasm, 1 MB): a third of that with brotli.
  '.wasm',
]);

function* textFiles(dir) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name.startsWith('.')) continue; // .vite/manifest.json is build metadata, not served to browsers
    const full = join(dir, entry.name);
    if (entry.isDirectory()) yield* textFiles(full);
    else if (TEXT.has(extname(entry.name))) yield full;
  }
}

const totals = { files: 0, identity: 0, br: 0, gz: 0 };
for (const file of textFiles(dist)) {
  const data = readFileSync(file);
  const br = brotliCompressSync(data, {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
      [constants.BROTLI_PARAM_SIZE_HINT]: data.length,
      [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
    },
  });
  const gz = gzipSync(data, { level: 9 });
  if (br.length < data.length) writeFileSync(`${file}.br`, br);
  if (gz.length < data.length) writeFileSync(`${file}.gz`, gz);
  totals.files += 1;
  totals.identity += data.length;
  totals.br += Math.min(br.length, data.length);
  totals.gz += Math.min(gz.length, data.length);
}
const kib = (bytes) => `${(bytes / 1024).toFixed(1)} KiB`;
console.log(
  `precompressed ${totals.files} files in ${relative(process.cwd(), dist) || '.'}: ` +
    `${kib(totals.identity)} → brotli ${kib(totals.br)}, gzip ${kib(totals.gz)}`,
);

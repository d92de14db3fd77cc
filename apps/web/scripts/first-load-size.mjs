// Sizes of a production build (apps/web/dist) that the first load and the service worker depend on.
// Shared by scripts/bundle-size.mjs (prints them) and src/test/first-load-budget.test.ts (budgets).
import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

/** gzip -9 size of a file of the build: deterministic, unlike the bytes a server may send. */
export function gzipSize(dist, file) {
  return gzipSync(readFileSync(join(dist, file)), { level: 9 }).length;
}

/**
 * The URLs of the initial JavaScript of a page's HTML: every module script and modulepreload it
 * names, and what its start-after-first-paint script names for after the paint (`data-entry`,
 * `data-preloads`, decision 058), which the page loads all the same.
 */
export function initialScriptUrls(html) {
  return [
    ...[...html.matchAll(/<script\b[^>]*\bsrc="([^"]+)"/g)].map((m) => m[1]),
    ...[...html.matchAll(/<link\b[^>]*rel="modulepreload"[^>]*href="([^"]+)"/g)].map((m) => m[1]),
    ...[...html.matchAll(/\bdata-entry="([^"]+)"/g)].map((m) => m[1]),
    ...[...html.matchAll(/\bdata-preloads="([^"]+)"/g)].flatMap((m) => m[1].split(' ')),
  ];
}

/** The initial JavaScript of a page of the build (`index.html`, or a prerendered signed-out page). */
export function initialScripts(dist, page = 'index.html') {
  const html = readFileSync(join(dist, page), 'utf8');
  const files = new Set(initialScriptUrls(html).map((url) => url.replace(/^\//, '')));
  return [...files].map((file) => ({ file, gzip: gzipSize(dist, file) }));
}

/** The files the service worker precaches (the manifest injected into sw.js) and their total size. */
export function precacheEntries(dist) {
  const worker = readFileSync(join(dist, 'sw.js'), 'utf8');
  const files = [...new Set([...worker.matchAll(/"?url"?:"([^"]+)"/g)].map((m) => m[1]))];
  return files.map((file) => ({ file, bytes: statSync(join(dist, file)).size }));
}

export const kib = (bytes) => `${(bytes / 1024).toFixed(1)} KiB`;

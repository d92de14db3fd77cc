// @vitest-environment node
/**
 * Decision 361: the signed-out first paint loads its language's `start` catalog only. Every message
 * the entry's scripts show must be in it (a text of a file missing from start-catalog-files.ts
 * would paint its id), and the entry with its catalog stays within issue 54's 90 KB in every
 * language. Needs the production build (`npm test` builds first).
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { generateMessageId } from '@lingui/message-utils/generateMessageId';
import { SUPPORTED_LOCALES } from '@medrem/contract/locales';
import PO from 'pofile';
import { describe, expect, it } from 'vitest';
import { initialScripts, kib } from '../../scripts/first-load-size.mjs';

const webRoot = path.resolve(__dirname, '../..');
const dist = path.join(webRoot, 'dist');
/** Issue 54 (and issue 9): the signed-out first page's JavaScript, its catalog included. */
const FIRST_PAGE_BUDGET = 90 * 1000;

function messageIds(locale: string, part: 'start' | 'app'): Set<string> {
  const po = PO.parse(readFileSync(path.join(webRoot, 'src/locales', locale, `${part}.po`), 'utf8'));
  return new Set(po.items.filter((i) => !i.obsolete).map((i) => generateMessageId(i.msgid, i.msgctxt)));
}

describe('the first paint’s catalog (decision 361)', () => {
  it('has a build to read', () => {
    expect(existsSync(path.join(dist, 'index.html')), 'run `npm run build` first').toBe(true);
  });

  it('holds every message the entry’s scripts show', () => {
    const start = messageIds('en', 'start');
    const app = messageIds('en', 'app');
    const entry = initialScripts(dist, 'index.html').filter((f) => f.file.endsWith('.js'));
    const used = entry.flatMap(({ file }) => [
      ...readFileSync(path.join(dist, file), 'utf8').matchAll(/\bid:\s*[`"']([A-Za-z0-9+/]{6})[`"']/g),
    ]);
    expect(used.length, 'no message found in the entry: has the build changed its form?').toBeGreaterThan(0);
    const onlyInApp = [...new Set(used.map((m) => m[1]!))].filter((id) => app.has(id) && !start.has(id));
    expect(onlyInApp, 'shown by the first paint but only in the app catalog').toEqual([]);
  });

  it('the signed-out page’s later pieces fetch nothing of the signed-in start (its 72 KB chunk)', () => {
    const chunks = JSON.parse(readFileSync(path.join(dist, '.vite/manifest.json'), 'utf8')) as Record<
      string,
      { file: string; imports?: string[] }
    >;
    for (const piece of ['src/i18n/signed-out-language.component.tsx', 'src/app/warm-offline-cache.ts']) {
      const chunk = chunks[piece];
      expect(chunk, piece).toBeDefined();
      const imported = (chunk!.imports ?? []).map((key) => chunks[key]?.file ?? key);
      expect(
        imported.filter((file) => /signed-in-/.test(file)),
        piece,
      ).toEqual([]);
    }
  });

  const manifest = () =>
    JSON.parse(readFileSync(path.join(dist, '.vite/manifest.json'), 'utf8')) as Record<
      string,
      { file: string }
    >;

  it.each(SUPPORTED_LOCALES)('%s: the first page with its start catalog within 90 KB (gzip)', (locale) => {
    const page = locale === 'en' ? 'prerendered/home.html' : `prerendered/${locale}/home.html`;
    const scripts = initialScripts(dist, page);
    const catalog = manifest()[`src/locales/${locale}/start.po`];
    expect(catalog, `no chunk for ${locale}'s start catalog`).toBeDefined();
    // The page fetches its own language's texts beside the app, and no other language's.
    expect(scripts.map((f) => f.file).filter((file) => file.includes('catalog-'))).toEqual([catalog!.file]);
    const total = scripts.reduce((sum, f) => sum + f.gzip, 0);
    expect(total, `${kib(total)}`).toBeLessThanOrEqual(FIRST_PAGE_BUDGET);
  });
});

// @vitest-environment node
/**
 * Decision 361: the committed catalogs hold exactly the messages the code has. A text added,
 * changed or removed in the code without `npx lingui extract` (in apps/web) would be shown
 * untranslated, or keep a dead translation: the extraction runs here into a temporary folder and
 * its English must equal the committed English, part by part.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import PO from 'pofile';
import { afterAll, describe, expect, it } from 'vitest';

const webRoot = path.resolve(__dirname, '../..');
const scratch = mkdtempSync(path.join(tmpdir(), 'medrem-catalogs-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

const messages = (file: string) =>
  PO.parse(readFileSync(file, 'utf8'))
    .items.filter((item) => !item.obsolete)
    .map((item) => `${item.msgctxt ? `${item.msgctxt} | ` : ''}${item.msgid}`)
    .sort();

describe('the catalogs are current (decision 361)', () => {
  it('hold every message of the code, and none it no longer has', { timeout: 120_000 }, () => {
    // The project's own configuration, with the English catalogs written to the scratch folder.
    const config = path.join(scratch, 'lingui.config.mjs');
    writeFileSync(
      config,
      [
        `import real from ${JSON.stringify(path.join(webRoot, 'lingui.config.ts'))};`,
        'export default {',
        '  ...real,',
        `  rootDir: ${JSON.stringify(webRoot)},`,
        "  locales: ['en'],",
        '  catalogs: real.catalogs.map((c) => ({',
        '    ...c,',
        `    path: c.path.replace('<rootDir>/src/locales', ${JSON.stringify(scratch)}),`,
        '  })),',
        '};',
      ].join('\n'),
    );
    execFileSync('npx', ['lingui', 'extract', '--config', config], { cwd: webRoot, stdio: 'pipe' });
    for (const part of ['start', 'app']) {
      const fromCode = messages(path.join(scratch, 'en', `${part}.po`));
      const committed = messages(path.join(webRoot, 'src/locales/en', `${part}.po`));
      expect(
        {
          added: fromCode.filter((m) => !committed.includes(m)),
          removed: committed.filter((m) => !fromCode.includes(m)),
        },
        `src/locales/en/${part}.po is not current: run \`npx lingui extract\` in apps/web`,
      ).toEqual({ added: [], removed: [] });
    }
  });
});

import PO from 'pofile';
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const locales = join(dirname(fileURLToPath(import.meta.url)), '../../src/locales');
const read = new Map<string, Map<string, string>>();

/**
 * A text as a language's catalog has it (decision 361): what the page must show in that language.
 * Fails when the catalog has no translation, so a test never expects English by accident.
 */
export function translated(locale: string, english: string): string {
  let messages = read.get(locale);
  if (!messages) {
    messages = new Map();
    for (const part of ['start', 'app']) {
      const po = PO.parse(readFileSync(join(locales, locale, `${part}.po`), 'utf8'));
      for (const item of po.items) if (item.msgstr[0]) messages.set(item.msgid, item.msgstr[0]);
    }
    read.set(locale, messages);
  }
  const text = messages.get(english);
  if (!text) throw new Error(`${locale} has no translation of "${english}"`);
  return text;
}

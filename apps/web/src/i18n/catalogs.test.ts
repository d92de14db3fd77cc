// @vitest-environment node
/**
 * Decision 361: every language's catalogs hold exactly the English messages, each translated,
 * each with the same placeholders and tags as its English, each valid ICU. A missing, extra or
 * empty translation, or one that drops `{name}` or a link's `<0>…</0>`, fails here.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parse } from '@messageformat/parser';
import { SUPPORTED_LOCALES } from '@medrem/contract/locales';
import PO from 'pofile';
import { describe, expect, it } from 'vitest';

const locales = path.resolve(__dirname, '../locales');
const PARTS = ['start', 'app'] as const;

function catalog(locale: string, part: string): Map<string, string> {
  const po = PO.parse(readFileSync(path.join(locales, locale, `${part}.po`), 'utf8'));
  const entries = new Map<string, string>();
  for (const item of po.items) {
    if (item.obsolete) continue;
    entries.set(`${item.msgctxt ?? ''}\u0004${item.msgid}`, item.msgstr[0] ?? '');
  }
  return entries;
}

type Token = { type: string; arg?: string; cases?: { tokens: Token[] }[] };

/** Every variable a message reads, in its plural and select branches too (ICU's own parser). */
function variablesOf(tokens: Token[], found = new Set<string>()): Set<string> {
  for (const token of tokens) {
    if (token.arg !== undefined && token.type !== 'octothorpe') found.add(`{${token.arg}}`);
    for (const branch of token.cases ?? []) variablesOf(branch.tokens, found);
  }
  return found;
}

/** The variables (`{name}`, `{count, plural, …}`) and the numbered tags (`<0>`, `</0>`, `<1/>`). */
export function placeholdersOf(message: string): string[] {
  const variables = [...variablesOf(parse(message))];
  const tags = [...message.matchAll(/<\/?\d+\s*\/?>/g)].map((m) => m[0].replace(/\s/g, ''));
  return [...new Set([...variables, ...tags])].sort();
}

const messageOf = (key: string) => key.slice(key.indexOf('\u0004') + 1);

describe('the catalogs (decision 361)', () => {
  it('refuses a message that is not valid ICU', () => {
    expect(() => parse('{count, plural, one {# dose} other {# doses}')).toThrow();
  });

  it('finds placeholders and tags in a message', () => {
    expect(placeholdersOf('Take {name} at {time}')).toEqual(['{name}', '{time}']);
    expect(placeholdersOf('{count, plural, one {# dose} other {# doses}} of {name}')).toEqual([
      '{count}',
      '{name}',
    ]);
    expect(placeholdersOf('New here? <0>Create an account</0>')).toEqual(['</0>', '<0>']);
    // A branch's words are text, not variables.
    expect(placeholdersOf('{band, select, red {low} other {enough}} at {time}')).toEqual([
      '{band}',
      '{time}',
    ]);
  });

  for (const part of PARTS) {
    const english = catalog('en', part);

    it(`English ${part}: the source texts, each its own translation, each valid ICU`, () => {
      expect(english.size).toBeGreaterThan(0);
      for (const [key, text] of english) {
        expect(text, messageOf(key)).toBe(messageOf(key));
        expect(() => parse(text), messageOf(key)).not.toThrow();
      }
    });

    for (const locale of SUPPORTED_LOCALES.filter((l) => l !== 'en')) {
      it(`${locale} ${part}: every English message, translated, with the same placeholders`, () => {
        const translated = catalog(locale, part);
        expect([...translated.keys()].filter((k) => !english.has(k)).map(messageOf), 'extra').toEqual([]);
        expect([...english.keys()].filter((k) => !translated.has(k)).map(messageOf), 'missing').toEqual([]);
        const problems: string[] = [];
        for (const [key, text] of translated) {
          const source = messageOf(key);
          if (text.trim() === '') {
            problems.push(`untranslated: ${source}`);
            continue;
          }
          const want = placeholdersOf(source).join(' ');
          const got = placeholdersOf(text).join(' ');
          if (want !== got) problems.push(`placeholders ${got} instead of ${want}: ${source} → ${text}`);
          try {
            // ICU's parser throws on a syntax slip (Lingui's compiler only logs it).
            parse(text);
          } catch (error) {
            problems.push(`not valid ICU (${(error as Error).message}): ${text}`);
          }
        }
        expect(problems).toEqual([]);
      });
    }
  }
});

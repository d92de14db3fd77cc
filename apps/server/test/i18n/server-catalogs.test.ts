/**
 * Decision 364: every language's server catalog holds exactly the English messages, each
 * translated, each valid ICU with the same placeholders as its English. A missing, extra or empty
 * translation, or one that drops `{name}`, fails here, before a reminder could say less than it
 * should.
 */
import { type CompiledMessage, compileMessageOrThrow } from '@lingui/message-utils/compileMessage';
import { SUPPORTED_LOCALES } from '@medrem/contract/locales';
import { describe, expect, it } from 'vitest';
import { SERVER_CATALOGS } from '../../src/i18n/server-catalogs';

/** The variables a compiled message reads, in its plural and select branches too. */
function variablesIn(message: CompiledMessage, found = new Set<string>()): Set<string> {
  for (const token of message) {
    if (typeof token === 'string') continue;
    const [name, , choices] = token;
    found.add(name);
    if (choices && typeof choices === 'object') {
      for (const [choice, branch] of Object.entries(choices)) {
        if (choice !== 'offset' && Array.isArray(branch)) variablesIn(branch as CompiledMessage, found);
      }
    }
  }
  return found;
}

const placeholders = (text: string) => [...variablesIn(compileMessageOrThrow(text))].sort().join(' ');

describe('the server catalogs (decision 364)', () => {
  const english = SERVER_CATALOGS.en;

  it('reads the variables of a message, in its branches too, and refuses one that is not ICU', () => {
    expect(placeholders('{count, plural, one {# dose of {name}} other {# doses}} at {time}')).toBe(
      'count name time',
    );
    expect(() => compileMessageOrThrow('{count, plural, one {# dose} other {# doses}')).toThrow();
  });

  it('English: every message valid ICU', () => {
    expect(Object.keys(english).length).toBeGreaterThan(30);
    for (const [id, text] of Object.entries(english)) {
      expect(() => compileMessageOrThrow(text), id).not.toThrow();
    }
  });

  for (const locale of SUPPORTED_LOCALES.filter((l) => l !== 'en')) {
    it(`${locale}: every English message, translated, with the same placeholders`, () => {
      const translated: Record<string, string | undefined> = SERVER_CATALOGS[locale];
      expect(
        Object.keys(translated).filter((id) => !(id in english)),
        'extra',
      ).toEqual([]);
      expect(
        Object.keys(english).filter((id) => !(id in translated)),
        'missing',
      ).toEqual([]);
      const problems: string[] = [];
      for (const [id, source] of Object.entries(english)) {
        const text = translated[id] ?? '';
        if (text.trim() === '') {
          problems.push(`untranslated: ${id}`);
          continue;
        }
        try {
          const want = placeholders(source);
          const got = placeholders(text);
          if (want !== got) problems.push(`${id}: placeholders ${got} instead of ${want}: ${text}`);
        } catch (error) {
          problems.push(`${id}: not valid ICU (${(error as Error).message}): ${text}`);
        }
      }
      expect(problems).toEqual([]);
    });
  }
});

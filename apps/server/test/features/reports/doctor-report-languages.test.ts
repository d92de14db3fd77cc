import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { translate } from '../../../src/i18n/server-catalogs';
import { createMedicine, signedInUser, type SignedInUser } from '../../support/scenario';
import { TEST_ENGINE } from '../../support/test-database';
import { type TestServer, startTestServer } from '../../support/test-server';
import { parseCsv, pdfFontNames, pdfText } from './report-files';

/**
 * Issue 54 (decision 364): the doctor's report in the language of who asks for it. Its words and
 * dates; a PDF in a language beyond Latin-1 embeds a face that has its letters (Turkish ş ğ ı,
 * Arabic, Devanagari), and one whose every character fits the standard font stays as it was.
 */
describe(`the doctor's report in the reader's language (${TEST_ENGINE})`, () => {
  let server: TestServer;
  const users = new Map<string, SignedInUser>();

  beforeAll(async () => {
    server = await startTestServer({ now: '2026-12-10T12:00:00.000Z' });
    for (const locale of ['en', 'es', 'tr', 'ar', 'hi']) {
      const user = await signedInUser(server, { timezone: 'Europe/Berlin', locale, name: 'Ada Lovelace' });
      await createMedicine(user, { name: 'Metformin', frequency: '1-0-1', startDate: '2026-12-01' });
      users.set(locale, user);
    }
  });
  afterAll(() => server?.close());

  const file = async (locale: string, format: 'pdf' | 'csv') => {
    const user = users.get(locale)!;
    const response = await fetch(
      `${server.baseUrl}/api/report/${user.email}/doctor/${format}?from=2026-12-01&to=2026-12-06`,
      { headers: { authorization: `Bearer ${user.api.token}` } },
    );
    expect(response.status, await response.clone().text()).toBe(200);
    return new Uint8Array(await response.arrayBuffer());
  };

  it('writes the CSV’s headers and words in Spanish, the English one as before', async () => {
    const spanish = new TextDecoder().decode(await file('es', 'csv'));
    const english = new TextDecoder().decode(await file('en', 'csv'));
    expect(parseCsv(spanish).length).toBe(parseCsv(english).length);
    const [englishHeader = [], ...englishRows] = parseCsv(english);
    const [spanishHeader = [], ...spanishRows] = parseCsv(spanish);
    // The same columns and rows, in other words: most headers differ (a few words are the same).
    expect(spanishHeader).toHaveLength(englishHeader.length);
    const translated = spanishHeader.filter((header, i) => header !== englishHeader[i]);
    expect(translated.length).toBeGreaterThan(englishHeader.length / 2);
    expect(spanishRows).toHaveLength(englishRows.length);
    // Dates as Spanish readers write them; the English file keeps ISO dates.
    expect(english).toContain('2026-12-01');
    expect(spanish).toContain('01/12/2026');
  });

  it('sets a Turkish, Arabic and Hindi PDF in faces that have their letters, with no “?”', async () => {
    for (const [locale, script] of [
      ['tr', /[şğı]/u],
      ['ar', /\p{Script=Arabic}/u],
      ['hi', /\p{Script=Devanagari}/u],
    ] as const) {
      const pdf = await file(locale, 'pdf');
      const fonts = await pdfFontNames(pdf);
      expect(
        fonts.some((name) => name.includes('Noto')),
        `${locale}: ${fonts.join(', ')}`,
      ).toBe(true);
      const text = await pdfText(pdf);
      expect(text, locale).toMatch(script);
      expect(text, locale).toContain('Metformin');
      expect(text, locale).not.toContain('?');
    }
  });

  it('keeps the standard font for a report whose every character it has', async () => {
    for (const locale of ['en', 'es']) {
      const pdf = await file(locale, 'pdf');
      expect(await pdfFontNames(pdf), locale).toEqual(['Helvetica', 'Helvetica-Bold']);
      const title = translate(locale as 'en' | 'es', 'report.title');
      expect(await pdfText(pdf), locale).toContain(title);
    }
  });
});

import { describe, expect, it } from 'vitest';
import { gs1CheckDigit, gs1Date, hasValidCheckDigit, parseGs1, toGtin14 } from '../src/index';

const GS = '\u001d';
const YEAR = 2026;

describe('GS1 check digits (General Specifications 7.9.1)', () => {
  it.each([
    ['0950600013435', 2], // GTIN-14 09506000134352, the Specifications' own example
    ['400638133393', 1], // EAN-13 4006381333931
    ['03600029145', 2], // UPC-A 036000291452
    ['9638507', 4], // EAN-8 96385074
    ['37610425002123456', 9], // SSCC 376104250021234569 (figure 7.9.1-2's worked example)
  ])('%s gets %i', (digits, check) => {
    expect(gs1CheckDigit(digits)).toBe(check);
    expect(hasValidCheckDigit(`${digits}${check}`)).toBe(true);
    expect(hasValidCheckDigit(`${digits}${(check + 1) % 10}`)).toBe(false);
  });

  it('pads GTIN-8, -12 and -13 to the 14 digits GS1 stores, refusing a wrong check digit', () => {
    expect(toGtin14('4006381333931')).toBe('04006381333931');
    expect(toGtin14('036000291452')).toBe('00036000291452');
    expect(toGtin14('96385074')).toBe('00000096385074');
    expect(toGtin14('4006381333932')).toBeNull();
    expect(toGtin14('12345')).toBeNull();
  });
});

describe('GS1 dates: the century window of 7.12 and day 00', () => {
  it('reads a two-digit year within 49 years before and 50 after the current one', () => {
    expect(gs1Date('271231', YEAR)).toBe('2027-12-31');
    expect(gs1Date('760101', YEAR)).toBe('2076-01-01'); // +50: this century
    expect(gs1Date('770101', YEAR)).toBe('1977-01-01'); // +51: the last one
    expect(gs1Date('990101', 2060)).toBe('2099-01-01');
    expect(gs1Date('100101', 2060)).toBe('2110-01-01'); // -50: the next one
  });

  it('day 00 is the last day of the month, leap years included', () => {
    expect(gs1Date('280200', YEAR)).toBe('2028-02-29');
    expect(gs1Date('270200', YEAR)).toBe('2027-02-28');
    expect(gs1Date('271100', YEAR)).toBe('2027-11-30');
  });

  it.each(['271301', '270230', '270000', '27123', 'ab1231'])('%s is no date', (text) => {
    expect(gs1Date(text, YEAR)).toBeNull();
  });
});

describe('parseGs1: what a pack code says', () => {
  const full = { gtin: '09506000134352', expiry: '2027-12-31', batch: 'ABC123', serial: '12345XYZ' };

  it('reads a DataMatrix element string with FNC1 separators and its symbology prefix', () => {
    const data = `]d20109506000134352172712311${'0'}ABC123${GS}2112345XYZ`;
    expect(parseGs1(data, YEAR)).toEqual({ ok: true, pack: full, source: 'element-string' });
  });

  it('reads the fields in any order, a count (AI 30), and a national number it does not keep', () => {
    const data = `2112345XYZ${GS}714123456${GS}3028${GS}0109506000134352172712311${'0'}ABC123`;
    expect(parseGs1(data, YEAR)).toEqual({
      ok: true,
      pack: { ...full, count: 28 },
      source: 'element-string',
    });
  });

  it('reads the human-readable form and "<GS>" as typed from a label', () => {
    expect(parseGs1('(01)09506000134352(17)271231(10)ABC123(21)12345XYZ', YEAR)).toMatchObject({
      ok: true,
      pack: full,
    });
    expect(parseGs1('010950600013435217271231' + '10ABC123<GS>2112345XYZ', YEAR)).toMatchObject({
      ok: true,
      pack: full,
    });
  });

  it('reads a GS1 Digital Link on any domain, with attributes in the query', () => {
    const link = 'https://id.gs1.org/01/09506000134352/10/ABC123/21/12345XYZ?17=271231';
    expect(parseGs1(link, YEAR)).toEqual({ ok: true, pack: full, source: 'digital-link' });
    expect(parseGs1('https://pharma.example/app/01/4006381333931?17=270200', YEAR)).toEqual({
      ok: true,
      pack: { gtin: '04006381333931', expiry: '2027-02-28' },
      source: 'digital-link',
    });
  });

  it('reads a plain EAN-13 or UPC-A as the product alone', () => {
    expect(parseGs1('4006381333931', YEAR)).toEqual({
      ok: true,
      pack: { gtin: '04006381333931' },
      source: 'barcode',
    });
    expect(parseGs1('036000291452', YEAR)).toMatchObject({ ok: true, pack: { gtin: '00036000291452' } });
  });

  it.each([
    ['a wrong check digit', '0109506000134353172712311' + '0ABC', /check digit/],
    ['a wrong EAN check digit', '4006381333932', /check digit/],
    ['an impossible expiry', '01095060001343521727133' + '1', /not a date/],
    ['no GTIN', `10ABC${GS}21XYZ`, /no product number/],
    ['a cut-short GTIN', `01095060001343${GS}10A`, /cut short/],
    ['a batch too long', `0109506000134352${'10'}${'A'.repeat(21)}`, /cut short or too long/],
    ['a field twice', `0109506000134352${'10'}A${GS}10B`, /twice/],
    ['a serial outside the 82 characters', `0109506000134352${'21'}AB#C`, /characters/],
    ['a count of zero', `0109506000134352${'30'}0`, /not a number/],
    ['no GS1 data', 'hello world', /not one a medicine pack carries/],
    ['a link without a GTIN', 'https://example.com/products/42', /not one a medicine pack carries/],
    ['an empty scan', '   ', /not one a medicine pack carries/],
  ])('refuses %s with a clear message', (_, data, message) => {
    const result = parseGs1(data, YEAR);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.error).toMatch(message);
  });
});

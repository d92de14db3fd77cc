import { type Gs1Problem, gs1ProblemText } from '@medrem/domain';
import { afterEach, describe, expect, it } from 'vitest';
import { inLanguage } from '../../test/languages';
import {
  alreadyAddedMessage,
  expiredMessage,
  gs1ProblemWords,
  packSummary,
  readPackCodes,
} from './pack-code.model';

const GS = '\u001d';
// GS1 General Specifications' example GTIN (check digit 2).
const DATAMATRIX = `0109506000134352172705311012345A${GS}21SERIAL7${GS}3028`;

describe('reading what the scanner decoded', () => {
  it('reads a DataMatrix element string, the human-readable form and a Digital Link alike', () => {
    const expected = { gtin: '09506000134352', expiry: '2027-05-31', batch: '12345A', serial: 'SERIAL7' };
    expect(readPackCodes([DATAMATRIX], 2026)).toEqual({
      kind: 'pack',
      pack: { ...expected, count: 28 },
      code: DATAMATRIX,
    });
    for (const code of [
      '(01)09506000134352(17)270531(10)12345A(21)SERIAL7',
      'https://id.gs1.org/01/09506000134352/10/12345A/21/SERIAL7?17=270531',
    ]) {
      expect(readPackCodes([code], 2026)).toEqual({ kind: 'pack', pack: expected, code });
    }
  });

  it('takes the code that reads when a picture holds more than one', () => {
    expect(readPackCodes(['not a pack', '4006381333931'], 2026)).toEqual({
      kind: 'pack',
      pack: { gtin: '04006381333931' },
      code: '4006381333931',
    });
  });

  it('tells why a code is refused: check digit, impossible expiry, malformed string', () => {
    expect(readPackCodes(['0109506000134353'], 2026)).toEqual({
      kind: 'refused',
      message: expect.stringContaining('check digit does not match') as string,
    });
    expect(readPackCodes(['010950600013435217271331'], 2026)).toEqual({
      kind: 'refused',
      message: 'The expiry date in the code (271331) is not a date.',
    });
    expect(readPackCodes(['01095060'], 2026).kind).toBe('refused');
    expect(readPackCodes([], 2026)).toEqual({ kind: 'none' });
  });

  it('refuses an expired pack and a serial already added', () => {
    const pack = { gtin: '09506000134352', expiry: '2026-11-30', serial: 'S1' };
    expect(expiredMessage(pack, '2026-12-01')).toMatch(/expired on 2026-11-30/);
    expect(expiredMessage(pack, '2026-11-30')).toBeNull();
    expect(alreadyAddedMessage(pack, [{ gtin: pack.gtin, serial: 'S1' }])).toBe(
      'This pack (serial S1) is already added.',
    );
    expect(alreadyAddedMessage(pack, [{ gtin: '04006381333931', serial: 'S1' }])).toBeNull();
    expect(packSummary({ ...pack, count: 30 })).toBe(
      'Product 09506000134352 · expires 2026-11-30 · serial S1 · 30 in the pack',
    );
  });
});

describe('a refused code in the page’s language (issue 54)', () => {
  const problems: Gs1Problem[] = [
    { code: 'notReadable' },
    { code: 'badCheckDigit' },
    { code: 'fieldTwice', ai: '10' },
    { code: 'fieldCutShort', ai: '17' },
    { code: 'noGtin' },
    { code: 'badExpiry', value: '271399' },
    { code: 'badCharacters', field: 'batch' },
    { code: 'badCharacters', field: 'serial' },
    { code: 'badCount', value: '0' },
  ];
  afterEach(() => inLanguage('en'));

  it('reads in English exactly as the server’s 400 (the domain’s gs1ProblemText)', () => {
    for (const problem of problems) expect(gs1ProblemWords(problem)).toBe(gs1ProblemText(problem));
  });

  it('reads in Spanish', async () => {
    await inLanguage('es');
    expect(readPackCodes(['0109506000134352172713991012345A'], 2026)).toEqual({
      kind: 'refused',
      message: 'La fecha de caducidad del código (271399) no es una fecha.',
    });
    expect(gs1ProblemWords({ code: 'noGtin' })).toBe('Este código no tiene número de producto (GTIN).');
  });
});

import { describe, expect, it } from 'vitest';
import { addPackInputSchema, gtinSchema, packCodeSchema } from '../src/pack-schemas.contract';
import { accepted, refusals, text } from './support/parse';

const ID = '3f2b8c1e-7a4d-4e29-9b6a-1c5d8e2f4a70';
const GS = '\u001d';

describe('the pack contract', () => {
  it('takes a scanned code with its group separators, and nothing else that is a control', () => {
    expect(accepted(packCodeSchema, `0109506000134352172712311A1${GS}21SN1`)).toContain(GS);
    expect(refusals(packCodeSchema, `01095060001343521727\u0000`)).toEqual([
      ': The scanned code may hold no control character but the group separator (ASCII 29).',
    ]);
    expect(refusals(packCodeSchema, text(513, '0'))).toEqual([
      ': The scanned code is too long (at most 512 characters).',
    ]);
  });

  it('checks a typed product number by its check digit', () => {
    expect(accepted(gtinSchema, ' 9506000134352 ')).toBe('9506000134352');
    expect(refusals(gtinSchema, '09506000134353')).toEqual([
      ": The product number's check digit does not match: check it.",
    ]);
    expect(refusals(gtinSchema, '12345')).toEqual([': A product number (GTIN) is 8, 12, 13 or 14 digits.']);
  });

  it('takes either the code or the typed fields, and a serial only with its product', () => {
    expect(accepted(addPackInputSchema, { id: ID, code: '(01)09506000134352' }).remember).toBe(true);
    // A pack adds its pills unless they are in the supply already (decision 342).
    expect(accepted(addPackInputSchema, { id: ID, code: '(01)09506000134352' }).inSupply).toBe(false);
    expect(refusals(addPackInputSchema, { id: ID, gtin: '09506000134352', inSupply: 'yes' })[0]).toMatch(
      /^inSupply: /,
    );
    expect(
      accepted(addPackInputSchema, { id: ID, gtin: '09506000134352', serial: 'A1', pills: 30 }),
    ).toBeTruthy();
    expect(
      refusals(addPackInputSchema, { id: ID, code: '(01)09506000134352', gtin: '09506000134352' }),
    ).toEqual([
      'code: Send the scanned code or the typed fields (gtin, batch, serial, expiresOn), not both.',
    ]);
    expect(refusals(addPackInputSchema, { id: ID, serial: 'A1' })).toEqual([
      'gtin: A serial number needs the product number (GTIN) it belongs to.',
    ]);
    expect(refusals(addPackInputSchema, { id: ID, expiresOn: '2027-02-30' })).toEqual([
      'expiresOn: Not a real calendar date.',
    ]);
    expect(refusals(addPackInputSchema, { id: ID, batch: 'a b' })).toEqual([
      `batch: Batch may hold letters, digits and !"%&'()*+,-./:;<=>?_ only.`,
    ]);
  });
});

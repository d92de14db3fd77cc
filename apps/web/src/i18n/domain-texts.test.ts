import { SKIP_REASONS, SKIP_REASON_LABELS, postponedText, skipText } from '@medrem/domain';
import { afterEach, describe, expect, it } from 'vitest';
import { inLanguage } from '../test/languages';
import { postponedStateText, skipReasonText, skipStateText, skipWhyText } from './domain-texts';

const skips = [
  { reason: 'felt_unwell' as const, note: 'Nausea' },
  { reason: 'doctors_advice' as const },
  { reason: null, note: '  blood test tomorrow ' },
  { reason: null, note: '  ' },
  { reason: 'ran_out' as const, note: '' },
];

describe('a dose’s skip and postponement in words (issue 54)', () => {
  afterEach(() => inLanguage('en'));

  it('read in English exactly as the domain’s English formatters write them', () => {
    for (const reason of SKIP_REASONS) expect(skipReasonText(reason)).toBe(SKIP_REASON_LABELS[reason]);
    for (const skip of skips) expect(skipStateText(skip)).toBe(skipText(skip));
    for (const to of ['09:30', '21:05', '00:00', '12:00'])
      expect(postponedStateText(to)).toBe(postponedText(to));
  });

  it('read in Spanish', async () => {
    await inLanguage('es');
    expect(skips.map(skipStateText)).toEqual([
      'Omitida — Me sentía mal: Nausea',
      'Omitida — Indicación del médico',
      'Omitida — blood test tomorrow',
      'Omitida',
      'Omitida — Se acabó',
    ]);
    expect(skipWhyText({ reason: 'other', note: 'viaje' })).toBe('Otro motivo: viaje');
    expect(postponedStateText('21:30')).toBe('Pospuesta a las 21:30');
  });

  it('read in German', async () => {
    await inLanguage('de');
    expect(skipStateText({ reason: 'doctors_advice' })).toBe('Ausgelassen — Ärztlicher Rat');
    expect(postponedStateText('09:30')).toBe('Verschoben auf 9:30');
  });
});

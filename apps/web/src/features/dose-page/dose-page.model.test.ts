import { describe, expect, it } from 'vitest';
import { inLanguage } from '../../test/languages';
import { doseHeading, medicineLabel, settledText, stateText, takeLabel } from './dose-page.model';

const medicine = (name: string, taken = false) => ({ name, dosage: '10 mg', taken });

describe('the dose page words (decision 241)', () => {
  it('names the slot, its 12-hour time and its calendar date whatever the device zone', () => {
    expect(doseHeading({ slotName: 'Morning', time: '08:00', date: '2026-12-06' })).toEqual({
      title: 'Morning dose, 8:00 AM',
      day: 'Sunday, December 6',
    });
    expect(doseHeading({ slotName: 'Night', time: '21:30', date: '2026-01-01' }).title).toBe(
      'Night dose, 9:30 PM',
    );
  });

  it("says 'Take all' only while more than one medicine of the slot is still open", () => {
    expect(takeLabel({ medicines: [medicine('A'), medicine('B')] })).toBe('Take all');
    expect(takeLabel({ medicines: [medicine('A', true), medicine('B')] })).toBe('Take');
    expect(takeLabel({ medicines: [medicine('A')] })).toBe('Take');
  });

  it('shows a dosage in brackets, and none when it is blank', () => {
    expect(medicineLabel({ name: 'Metformin', dosage: ' 850 mg ' })).toBe('Metformin (850 mg)');
    expect(medicineLabel({ name: 'Vitamin D', dosage: ' ' })).toBe('Vitamin D');
  });

  it("offers 'Take it anyway' once every dose left is skipped, and says each dose's state (decision 259)", () => {
    const skipped = { reason: 'felt_unwell' as const, skippedAt: '2026-12-06T08:00:00.000Z' };
    const taken = { ...medicine('A', true), takenAt: '2026-12-06T08:05:00.000Z' };
    expect(takeLabel({ medicines: [taken, { ...medicine('B'), skipped }] })).toBe('Take it anyway');
    expect(takeLabel({ medicines: [medicine('A'), { ...medicine('B'), skipped }] })).toBe('Take all');
    expect(stateText(taken)).toMatch(/^Taken at \d{1,2}:05 [AP]M$/);
    expect(stateText(medicine('A', true))).toBe('Taken');
    expect(stateText({ ...medicine('B'), skipped: { ...skipped, note: 'Nausea' } })).toBe(
      'Skipped — Felt unwell: Nausea',
    );
    expect(stateText(medicine('C'))).toBe('Not taken yet');
    // Decision 343: an open dose postponed says to when; once taken, the take is what counts.
    expect(stateText({ ...medicine('D'), postponedTo: '21:30' })).toBe('Postponed to 9:30 PM');
    expect(stateText({ ...medicine('E', true), postponedTo: '21:30' })).toBe('Taken');
  });

  it('says a settled dose needs nothing more, and nothing while one is open', () => {
    const skipped = { reason: null, skippedAt: '2026-12-06T08:00:00.000Z' };
    expect(settledText({ medicines: [medicine('A'), medicine('B', true)] })).toBeNull();
    expect(settledText({ medicines: [medicine('A', true)] })).toBe(
      'Taken. Nothing more is needed for this dose.',
    );
    expect(settledText({ medicines: [{ ...medicine('A'), skipped }] })).toBe(
      'Skipped. Nothing more is needed, unless you take it after all.',
    );
    expect(
      settledText({
        medicines: [medicine('A', true), { ...medicine('B'), skipped: { ...skipped, reason: 'ran_out' } }],
      }),
    ).toBe('1 skipped (Ran out). Nothing more is needed, unless you take it after all.');
  });

  it('says a dose’s state and why it was skipped in the page’s language (issue 54)', async () => {
    await inLanguage('es');
    try {
      const skipped = {
        reason: 'felt_unwell' as const,
        note: 'Náuseas',
        skippedAt: '2026-12-06T08:00:00.000Z',
      };
      expect(stateText({ ...medicine('B'), skipped })).toBe('Omitida — Me sentía mal: Náuseas');
      expect(stateText({ ...medicine('D'), postponedTo: '21:30' })).toBe('Pospuesta a las 21:30');
      expect(settledText({ medicines: [{ ...medicine('A'), skipped }] })).toMatch(
        /^Omitida \(Me sentía mal: Náuseas\)\./,
      );
    } finally {
      await inLanguage('en');
    }
  });
});

import { describe, expect, it } from 'vitest';
import { doseHeading, medicineLabel, takeLabel } from './dose-page.model';

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
});

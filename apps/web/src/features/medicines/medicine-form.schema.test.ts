import { describe, expect, it } from 'vitest';
import { addMedicineFormSchema, updateMedicineFormSchema } from './medicine-form.schema';

const valid = {
  name: 'Aspirin',
  dosage: '',
  frequency: '1-0-1',
  startDate: '2026-11-21',
  originalDurationDays: 30,
  durationDays: 10,
  totalPills: 20,
  pillsPerDose: 1,
  instructions: '',
};
const messages = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.error?.issues.map((i) => i.message) ?? [];

describe('medicine form schemas', () => {
  it('add: dosage and instructions are optional', () => {
    expect(addMedicineFormSchema.safeParse(valid).success).toBe(true);
  });

  it('update: dosage is required', () => {
    expect(messages(updateMedicineFormSchema.safeParse(valid))).toEqual(['Dosage is required.']);
  });

  it('says an empty number field is required, and keeps the minimum of 1', () => {
    expect(messages(addMedicineFormSchema.safeParse({ ...valid, totalPills: Number.NaN }))).toEqual([
      'Total pills is required.',
    ]);
    expect(messages(addMedicineFormSchema.safeParse({ ...valid, pillsPerDose: 0 }))).toEqual([
      'Pills per dose must be at least 1.',
    ]);
  });
});

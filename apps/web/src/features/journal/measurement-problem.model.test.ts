import type { MeasurementTypeView } from '@medrem/contract';
import { judgeCustomMeasurement, judgeMeasurement, type MeasurementKind } from '@medrem/domain';
import { afterEach, describe, expect, it } from 'vitest';
import { inLanguage } from '../../test/languages';
import { checkCustomType } from './components/custom-type-form.component';
import { translatedType } from './journal-type-texts';
import { typeView } from './journal-test-types';
import { measurementProblemWords } from './measurement-problem.model';

const now = Date.parse('2026-12-06T12:00:00Z');
const readings: [MeasurementKind, string, Record<string, number | undefined>, number?][] = [
  ['blood-glucose', 'kg', { value: 5 }],
  ['blood-pressure', 'mm[Hg]', { diastolic: 80 }],
  ['blood-pressure', 'mm[Hg]', { systolic: Number.NaN, diastolic: 80 }],
  ['blood-pressure', 'mm[Hg]', { systolic: 120, diastolic: 80, pulse: 400 }],
  ['blood-pressure', 'mm[Hg]', { systolic: 80, diastolic: 120 }],
  ['weight', '[lb_av]', { value: 2000 }],
  ['blood-glucose', 'mmol/L', { value: 0.1 }],
  ['inr', '{INR}', { value: 40 }],
  ['spo2', '%', {}],
  ['temperature', 'Cel', { value: 37, extra: 1 }],
  ['temperature', 'Cel', { value: 37 }, now + 3_600_000],
];
const own: MeasurementTypeView = {
  ...typeView('weight'),
  type: 'c-1',
  custom: true,
  label: 'Waist',
  units: ['cm'],
  unitText: { cm: 'cm' },
  components: [
    {
      key: 'value',
      label: 'Waist',
      unit: 'cm',
      min: 20,
      max: 300,
      decimals: 1,
      loinc: null,
      optional: false,
    },
  ],
  displayUnit: 'cm',
};
const ownType = { name: 'Waist', unit: 'cm', min: 20, max: 300, decimals: 1 };

function refusal(kind: MeasurementKind, unit: string, values: Record<string, number | undefined>, at = now) {
  const judged = judgeMeasurement({ kind, unit, values, takenAt: at, now });
  if (judged.ok) throw new Error('each reading is refused');
  return {
    judged,
    words: measurementProblemWords(translatedType(typeView(kind, unit)), judged.field, judged.problem),
  };
}

describe('a refused reading in words (issue 54)', () => {
  afterEach(() => inLanguage('en'));

  it('reads in English word for word as the API’s 400 (the domain’s judgement)', () => {
    for (const [kind, unit, values, at] of readings) {
      const { judged, words } = refusal(kind, unit, values, at);
      expect(words).toBe(judged.error);
    }
    for (const [unit, values] of [
      ['in', { value: 30 }],
      ['cm', {}],
      ['cm', { value: 1 }],
      ['cm', { value: 30, hip: 1 }],
    ] as const) {
      const judged = judgeCustomMeasurement({ type: ownType, unit, values, takenAt: now, now });
      if (judged.ok) throw new Error('each reading is refused');
      expect(measurementProblemWords(own, judged.field, judged.problem)).toBe(judged.error);
    }
    expect(checkCustomType({ name: 'Waist', unit: 'cm', min: '5', max: '5', decimals: '0' })).toEqual({
      errors: { max: 'The highest value must be above the lowest.' },
    });
    expect(checkCustomType({ name: 'Waist', unit: 'cm', min: '0', max: '2000000', decimals: '0' })).toEqual({
      errors: { max: 'Limits must be between −1000000 and 1000000.' },
    });
  });

  it('reads in Spanish, with the values’ names and numbers as Spanish writes them', async () => {
    await inLanguage('es');
    expect(refusal('blood-pressure', 'mm[Hg]', { systolic: 120, diastolic: 80, pulse: 400 }).words).toBe(
      'Pulso debe estar entre 20 y 300 latidos/min.',
    );
    expect(refusal('blood-glucose', 'mmol/L', { value: 0.1 }).words).toBe(
      'Glucosa debe estar entre 0,5 y 60 mmol/L.',
    );
    expect(refusal('blood-glucose', 'kg', { value: 5 }).words).toBe(
      'Glucosa en sangre se registra en mmol/L o mg/dL.',
    );
    expect(refusal('blood-pressure', 'mm[Hg]', { diastolic: 80 }).words).toBe('Indique el valor: Sistólica.');
    expect(refusal('temperature', 'Cel', { value: 37 }, now + 3_600_000).words).toBe(
      'No se puede registrar una medición en el futuro.',
    );
  });
});

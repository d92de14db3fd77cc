import { MEASUREMENT_KINDS, type MeasurementKind, formatMeasurement } from '@medrem/domain';
import { afterEach, describe, expect, it } from 'vitest';
import { inLanguage } from '../../test/languages';
import { readingText, translatedType, typeLabelText } from './journal-type-texts';
import { typeView } from './journal-test-types';
import { unitText } from './journal-units';

describe('the built-in measurement types’ words (issue 54)', () => {
  afterEach(() => inLanguage('en'));

  it('are the domain’s English in English, every type, value and unit alike', () => {
    for (const kind of MEASUREMENT_KINDS) expect(translatedType(typeView(kind))).toEqual(typeView(kind));
    expect(unitText('/min')).toBe('beats/min');
  });

  it('are Spanish in Spanish; unit symbols stay; an own type keeps its own words', async () => {
    await inLanguage('es');
    const pressure = translatedType(typeView('blood-pressure'));
    expect(pressure.label).toBe('Presión arterial');
    expect(pressure.components.map((c) => c.label)).toEqual(['Sistólica', 'Diastólica', 'Pulso']);
    expect(pressure.unitText['/min']).toBe('latidos/min');
    expect(pressure.unitText['mm[Hg]']).toBe('mmHg');
    expect(typeLabelText(typeView('blood-glucose'))).toBe('Glucosa en sangre');
    const own = { ...typeView('weight'), type: 'c-1', custom: true, label: 'Waist' };
    expect(translatedType(own)).toBe(own);
  });
});

describe('a stored reading’s words (issue 54)', () => {
  afterEach(() => inLanguage('en'));
  const entry = (type: MeasurementKind, values: Record<string, number>, unit: string) => ({
    type,
    values,
    display: { unit, values, text: formatMeasurement(type, values, unit) },
  });

  it('are the server’s in English, and blood pressure’s pulse is translated', async () => {
    const pressure = entry('blood-pressure', { systolic: 128, diastolic: 82, pulse: 64 }, 'mm[Hg]');
    const weight = entry('weight', { value: 70 }, 'kg');
    expect(readingText(pressure)).toBe('128/82 mmHg, pulse 64');
    expect(readingText(weight)).toBe(weight.display.text);
    await inLanguage('de');
    expect(readingText(pressure)).toBe('128/82 mmHg, Puls 64');
    expect(readingText(entry('blood-pressure', { systolic: 128, diastolic: 82 }, 'mm[Hg]'))).toBe(
      '128/82 mmHg',
    );
  });
});

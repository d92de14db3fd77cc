import { MEASUREMENT_KINDS } from '@medrem/domain';
import { afterEach, describe, expect, it } from 'vitest';
import { inLanguage } from '../../test/languages';
import { translatedType, typeLabelText } from './journal-type-texts';
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

import { type DoseSchedule, frequencyLabel, scheduleText } from '@medrem/domain';
import { afterEach, describe, expect, it } from 'vitest';
import { inLanguage } from '../../test/languages';
import { frequencyLabelText, scheduleWords } from './schedule-text.model';

const schedules: DoseSchedule[] = [
  { kind: 'interval', everyHours: 8, startTime: '08:00' },
  { kind: 'interval', everyHours: 1, startTime: '21:30' },
  { kind: 'weekdays', days: [1, 4] },
  { kind: 'weekdays', days: [0, 2, 6] },
  { kind: 'cycle', daysOn: 21, daysOff: 7 },
  { kind: 'cycle', daysOn: 1, daysOff: 1 },
  {
    kind: 'taper',
    steps: [
      { dose: '40 mg', days: 3, pillsPerDose: 1 },
      { dose: '20 mg', days: 3, pillsPerDose: 1 },
    ],
  },
  { kind: 'asNeeded', maxPer24h: null, minIntervalMinutes: null },
];

describe('frequency and schedule words (issue 54)', () => {
  afterEach(() => inLanguage('en'));

  it('say in English exactly what the domain’s English formatters write', () => {
    for (const frequency of ['1-1-1', '1-0-1', '0-1-0', '1-1', '1-0-1-0', '']) {
      expect(frequencyLabelText(frequency)).toBe(frequencyLabel(frequency));
    }
    for (const schedule of [...schedules, { kind: 'daily' } as DoseSchedule, null]) {
      expect(scheduleWords(schedule)).toBe(scheduleText(schedule));
    }
  });

  it('say them in Spanish', async () => {
    await inLanguage('es');
    expect(frequencyLabelText('1-0-1')).toBe('Dos veces al día');
    expect(frequencyLabelText('1-1-1')).toBe('Tres veces al día');
    expect(frequencyLabelText('1-1')).toBeNull();
    expect(schedules.map(scheduleWords)).toEqual([
      'Cada 8 horas desde las 8:00',
      'Cada 1 hora desde las 21:30',
      'los lunes y los jueves',
      'los domingos, los martes y los sábados',
      '21 días de toma, 7 días de descanso',
      '1 día de toma, 1 día de descanso',
      'Reducción gradual: 40 mg → 20 mg',
      'Según necesidad',
    ]);
  });

  it('say them in German', async () => {
    await inLanguage('de');
    expect(frequencyLabelText('0-1-0')).toBe('Einmal täglich');
    expect(scheduleWords({ kind: 'weekdays', days: [1, 4] })).toBe('montags und donnerstags');
  });
});

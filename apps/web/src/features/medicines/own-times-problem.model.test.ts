import { measurementReminderIssue, ownTimesIssue, ownTimesProblem } from '@medrem/domain';
import { afterEach, describe, expect, it } from 'vitest';
import { inLanguage } from '../../test/languages';
import { ownTimesProblemWords } from './own-times-problem.model';

const lists = [
  [],
  Array.from({ length: 9 }, (_, i) => `0${i}:00`),
  ['7:00'],
  ['08:00', '08:00'],
  ['20:00', '08:00'],
];
const words = (times: string[]) => {
  const problem = ownTimesProblem(times);
  return problem ? ownTimesProblemWords(problem) : null;
};

describe('what is wrong with a medicine’s own times, in words (issue 54)', () => {
  afterEach(() => inLanguage('en'));

  it('reads in English exactly as the API’s 4xx (the domain’s ownTimesIssue)', () => {
    for (const times of [...lists, ['08:00', '20:00']]) expect(words(times)).toBe(ownTimesIssue(times));
  });

  it('reads in Spanish', async () => {
    await inLanguage('es');
    expect(lists.map(words)).toEqual([
      'Indique al menos una hora o use sus horas habituales.',
      'Un medicamento tiene como máximo 8 horas al día.',
      '«7:00» no es una hora: use el formato de 24 horas HH:MM, p. ej., 07:00.',
      'Las 8:00 aparece dos veces: cada hora solo una vez.',
      'Ordene las horas según el día, la más temprana primero.',
    ]);
  });
});

describe('what is wrong with a measurement reminder’s times, in words (issue 54)', () => {
  afterEach(() => inLanguage('en'));
  const reminderWords = (times: string[]) => {
    const problem = ownTimesProblem(times);
    return problem ? ownTimesProblemWords(problem, 'reminder') : null;
  };

  it('reads in English exactly as the domain’s measurementReminderIssue', () => {
    for (const times of lists)
      expect(reminderWords(times)).toBe(measurementReminderIssue({ times, days: null }));
  });

  it('reads in German', async () => {
    await inLanguage('de');
    expect(reminderWords([])).toBe('Geben Sie mindestens eine Uhrzeit an.');
  });
});

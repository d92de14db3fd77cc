import { type PostponeProblem, postponeProblemText } from '@medrem/domain';
import { afterEach, describe, expect, it } from 'vitest';
import { inLanguage } from '../../test/languages';
import { postponeProblemWords } from './postpone-problem.model';

const problems: PostponeProblem[] = [
  { code: 'notToday', date: '2026-12-05' },
  { code: 'notAfterPlanned', plannedTime: '20:00' },
  { code: 'notAfterNow' },
];

describe('why a postponement is refused, in words (issue 54)', () => {
  afterEach(() => inLanguage('en'));

  it('reads in English exactly as the API’s 400 (the domain’s English)', () => {
    for (const problem of problems) expect(postponeProblemWords(problem)).toBe(postponeProblemText(problem));
  });

  it('reads in German', async () => {
    await inLanguage('de');
    expect(problems.map(postponeProblemWords)).toEqual([
      'Nur Dosen von heute lassen sich verschieben, auf eine spätere Uhrzeit am selben Tag (der 05.12.2026 ist nicht heute).',
      'Bitte eine Uhrzeit nach der geplanten Zeit der Dosis (20:00) wählen, am selben Tag.',
      'Bitte eine Uhrzeit nach jetzt wählen, am selben Tag (eine Dosis lässt sich nicht auf einen anderen Tag verschieben).',
    ]);
  });
});

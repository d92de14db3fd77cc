import { describe, expect, it } from 'vitest';
import { quietHoursIssue, quietHoursProblem } from '../src/follow-ups';
import { gs1ProblemText, parseGs1 } from '../src/gs1';
import { customTypeIssue, judgeCustomMeasurement } from '../src/journal-entries';
import { judgeMeasurement } from '../src/measurement-rules';
import { ownTimesIssue, ownTimesProblem, ownTimesProblemText } from '../src/own-times';
import { postponeIssue, postponeProblem, postponeProblemText } from '../src/dose-postpone-rules';

// Issue 54: each refusal is a code with what its sentence names (the web translates it), and its
// English (the API's) is one formatter of that code, so the two can never say different things.
describe('refusals as codes beside their English', () => {
  it('names a postponement’s problem, and its English is the formatter’s', () => {
    const base = { date: '2026-12-06', today: '2026-12-06', plannedTime: '08:00', nowTime: '10:00' };
    const cases = [
      { ...base, date: '2026-12-05', to: '11:00' },
      { ...base, to: '07:00' },
      { ...base, to: '09:00' },
      { ...base, to: '11:00' },
    ];
    expect(cases.map(postponeProblem)).toEqual([
      { code: 'notToday', date: '2026-12-05' },
      { code: 'notAfterPlanned', plannedTime: '08:00' },
      { code: 'notAfterNow' },
      null,
    ]);
    for (const input of cases) {
      const problem = postponeProblem(input);
      expect(postponeIssue(input)).toBe(problem ? postponeProblemText(problem) : null);
    }
  });

  it('names own times’ problem', () => {
    const lists = [[], ['7:00'], ['08:00', '08:00'], ['20:00', '08:00'], ['08:00']];
    expect(lists.map(ownTimesProblem)).toEqual([
      { code: 'none' },
      { code: 'notATime', value: '7:00' },
      { code: 'twice', time: '08:00' },
      { code: 'order' },
      null,
    ]);
    for (const times of lists) {
      const problem = ownTimesProblem(times);
      expect(ownTimesIssue(times)).toBe(problem ? ownTimesProblemText(problem) : null);
    }
  });

  it('names quiet hours’, a code’s, a reading’s and an own type’s problem', () => {
    expect(quietHoursProblem({ start: '22:00', end: '22:00' })).toBe('sameStartAndEnd');
    expect(quietHoursIssue({ start: '22:00', end: '07:00' })).toBeNull();
    const refused = parseGs1('(01)09506000134352(17)271399', 2026);
    expect(refused).toMatchObject({ ok: false, problem: { code: 'badExpiry', value: '271399' } });
    if (!refused.ok) expect(refused.error).toBe(gs1ProblemText(refused.problem));
    const now = Date.parse('2026-12-06T12:00:00Z');
    expect(
      judgeMeasurement({ kind: 'weight', unit: 'kg', values: { value: 999 }, takenAt: now, now }),
    ).toMatchObject({
      ok: false,
      field: 'value',
      problem: { code: 'range', low: 0.3, high: 650, unit: 'kg' },
    });
    const own = { name: 'Waist', unit: 'cm', min: 20, max: 300, decimals: 1 };
    expect(
      judgeCustomMeasurement({ type: own, unit: 'cm', values: { value: 30 }, takenAt: now + 3_600_000, now }),
    ).toMatchObject({ ok: false, field: 'takenAt', problem: { code: 'future' } });
    expect(customTypeIssue({ ...own, max: 10 })).toMatchObject({ problem: 'maxNotAbove' });
  });
});

import { describe, expect, it } from 'vitest';
import { dosesDueSoFarToday, monthReportUpToNow } from '../src/adherence';

const times = ['08:00', '14:00', '20:00'];
const twiceDaily = { frequency: '1-0-1', startDate: '2026-11-01', originalDurationDays: 30 };
const options = {
  monthStart: '2026-11-01',
  today: '2026-11-10',
  nowMinutes: 12 * 60,
  defaultReminderTimes: times,
};

describe('month report up to now', () => {
  it('counts only today’s doses whose time has come', () => {
    expect(dosesDueSoFarToday(twiceDaily, '2026-11-10', 7 * 60, times)).toBe(0);
    expect(dosesDueSoFarToday(twiceDaily, '2026-11-10', 8 * 60, times)).toBe(1);
    expect(dosesDueSoFarToday(twiceDaily, '2026-11-10', 20 * 60, times)).toBe(2);
    expect(dosesDueSoFarToday(twiceDaily, '2026-12-10', 20 * 60, times)).toBe(0); // course over
  });

  it('does not count the rest of the month as missed', () => {
    // 1st–9th: the morning dose only (9), the 10th: the morning dose (1). Due: 9 days × 2 + 1 = 19.
    const history = Array.from({ length: 10 }, (_, i) => ({
      date: `2026-11-${String(i + 1).padStart(2, '0')}`,
      taken: '1-0-0',
    }));
    const report = monthReportUpToNow([{ medicine: twiceDaily, history }], options);
    expect(report).toMatchObject({ expectedDoses: 19, takenDoses: 10, missedDoses: 9, adherenceRate: 53 });
  });

  it('ends the course at startDate + originalDurationDays − 1 and starts it at its start date', () => {
    const short = { frequency: '1-0-0', startDate: '2026-11-05', originalDurationDays: 3 }; // 5th to 7th
    const report = monthReportUpToNow([{ medicine: short, history: [] }], options);
    expect(report).toMatchObject({ expectedDoses: 3, takenDoses: 0, missedDoses: 3, adherenceRate: 0 });
  });

  it('ignores taken entries outside the month so far and caps extra ticks', () => {
    const once = { frequency: '1-0-0', startDate: '2026-11-09', originalDurationDays: 30 };
    const history = [
      { date: '2026-10-31', taken: '1-0-0' },
      { date: '2026-11-09', taken: '1-1-1' },
      { date: '2026-11-11', taken: '1-0-0' },
    ];
    const report = monthReportUpToNow([{ medicine: once, history }], options);
    expect(report).toMatchObject({ expectedDoses: 2, takenDoses: 2, missedDoses: 0, adherenceRate: 100 });
  });

  it('has no value (a dash on screen) when nothing is due yet', () => {
    const later = { frequency: '1-0-0', startDate: '2026-11-20', originalDurationDays: 5 };
    expect(monthReportUpToNow([{ medicine: later, history: [] }], options)).toMatchObject({
      adherenceRate: null,
      missedDoses: null,
    });
    expect(monthReportUpToNow([], options).adherenceRate).toBeNull();
  });
});

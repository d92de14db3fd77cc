import { describe, expect, it } from 'vitest';
import { doseCells } from '../src/dose-cells';
import {
  effectiveDoseTime,
  postponeIssue,
  postponedText,
  postponedTimeOf,
  quickPostponeTimes,
} from '../src/index';

// Decision 316: one dose postponed to a later time of its own day, counted at its new time.
describe('a postponed dose', () => {
  const today = '2026-03-10';
  const base = { date: today, today, plannedTime: '08:00', nowTime: '08:20' };

  it('may move only to a later time of today, after both its planned time and now', () => {
    expect(postponeIssue({ ...base, to: '09:30' })).toBeNull();
    expect(postponeIssue({ ...base, to: '23:59' })).toBeNull();
    // Into another day: yesterday's or tomorrow's dose, or a time that wraps past midnight.
    expect(postponeIssue({ ...base, date: '2026-03-09', to: '09:30' })).toMatch(/Only today's doses/);
    expect(postponeIssue({ ...base, date: '2026-03-11', to: '09:30' })).toMatch(/Only today's doses/);
    expect(postponeIssue({ ...base, to: '00:30' })).toMatch(/later than the dose's planned time \(8:00 AM\)/);
    // Not later than the plan, or not later than now.
    expect(postponeIssue({ ...base, to: '08:00' })).toMatch(/planned time/);
    expect(postponeIssue({ ...base, to: '08:20' })).toMatch(/later than now/);
    expect(postponeIssue({ ...base, plannedTime: '20:00', nowTime: '21:00', to: '20:30' })).toMatch(
      /later than now/,
    );
  });

  it('postponing again moves it again; its time is the new one until taken back', () => {
    const day = { postponed: [null, { to: '13:30' }] };
    expect(postponedTimeOf(day, 1)).toBe('13:30');
    expect(postponedTimeOf(day, 0)).toBeNull();
    expect(effectiveDoseTime('12:00', day, 1)).toBe('13:30');
    expect(effectiveDoseTime('12:00', { postponed: [null, { to: '15:00' }] }, 1)).toBe('15:00');
    expect(effectiveDoseTime('12:00', { postponed: null }, 1)).toBe('12:00');
    expect(postponedText('09:30')).toBe('Postponed to 9:30 AM');
  });

  it('offers +30 min, +1 h and +2 h while they stay within the day', () => {
    expect(quickPostponeTimes(8 * 60 + 5)).toEqual([
      { minutes: 30, time: '08:35' },
      { minutes: 60, time: '09:05' },
      { minutes: 120, time: '10:05' },
    ]);
    expect(quickPostponeTimes(23 * 60).map((q) => q.time)).toEqual(['23:30']);
  });

  it('is counted at its new time: not missed until its new time’s window has passed', () => {
    const medicine = {
      frequency: '1-0-0',
      startDate: '2026-03-01',
      originalDurationDays: 30,
      schedule: null,
    };
    const window = { from: today, to: today, today, defaultReminderTimes: ['08:00', '13:00', '20:00'] };
    const postponed = [{ date: today, taken: '0-0-0', postponed: [{ to: '11:00' }, null, null] }];
    // 10:00: the planned dose would be missed (08:00 + 60 min); postponed to 11:00 it is not.
    expect(doseCells(medicine, [{ date: today, taken: '0-0-0' }], { ...window, nowMinutes: 600 })).toEqual([
      { date: today, slot: 0, due: true, taken: 0 },
    ]);
    expect(doseCells(medicine, postponed, { ...window, nowMinutes: 600 })).toEqual([]);
    // 12:00 and still not taken: missed at its new time.
    expect(doseCells(medicine, postponed, { ...window, nowMinutes: 720 })).toEqual([
      { date: today, slot: 0, due: true, taken: 0 },
    ]);
    // Taken at 11:10: due and taken.
    const taken = [{ date: today, taken: '1-0-0', postponed: [{ to: '11:00' }, null, null] }];
    expect(doseCells(medicine, taken, { ...window, nowMinutes: 680 })).toEqual([
      { date: today, slot: 0, due: true, taken: 1 },
    ]);
  });
});

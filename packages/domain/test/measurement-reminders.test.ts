import { describe, expect, it } from 'vitest';
import {
  latestMeasurementDue,
  measurementReminderIssue,
  measurementSettled,
  nextMeasurementAfter,
} from '../src/index';

const at = (iso: string) => Date.parse(iso);

describe('measurement reminders: times on every day or on weekdays (issue 56, decision 331)', () => {
  it('refuses what a form or the API must not store, in words', () => {
    expect(measurementReminderIssue({ times: ['08:00', '20:00'], days: null })).toBeNull();
    expect(measurementReminderIssue({ times: [], days: null })).toBe('Give at least one time.');
    expect(measurementReminderIssue({ times: ['20:00', '08:00'], days: null })).toBe(
      'List the times in the order of the day, earliest first.',
    );
    expect(measurementReminderIssue({ times: ['8:00'], days: null })).toMatch(/is not a time/);
    expect(measurementReminderIssue({ times: ['08:00'], days: [] })).toBe(
      'Choose at least one day of the week.',
    );
    expect(measurementReminderIssue({ times: ['08:00'], days: [1, 1] })).toBe('Each day of the week once.');
    expect(measurementReminderIssue({ times: ['08:00'], days: [7] })).toMatch(/0 \(Sunday\) to 6/);
  });

  it('walks morning and evening, and Mondays only, in the saved zone', () => {
    const twice = { times: ['07:30', '21:00'], days: null };
    // 2026-12-07 is a Monday; Berlin is UTC+1 in December.
    expect(nextMeasurementAfter(twice, at('2026-12-07T06:45:00Z'), 'Europe/Berlin')).toEqual({
      date: '2026-12-07',
      time: '21:00',
      at: at('2026-12-07T20:00:00Z'),
    });
    expect(nextMeasurementAfter(twice, at('2026-12-07T20:00:00Z'), 'Europe/Berlin')?.date).toBe('2026-12-08');
    const mondays = { times: ['08:00'], days: [1] };
    expect(nextMeasurementAfter(mondays, at('2026-12-07T08:00:00Z'), 'UTC')).toMatchObject({
      date: '2026-12-14',
      time: '08:00',
    });
    expect(latestMeasurementDue(mondays, at('2026-12-10T12:00:00Z'), 'UTC')).toMatchObject({
      date: '2026-12-07',
      time: '08:00',
    });
    expect(latestMeasurementDue(twice, at('2026-12-07T12:00:00Z'), 'UTC')).toMatchObject({
      date: '2026-12-07',
      time: '07:30',
    });
  });

  it('is settled by a reading from an hour before its time on', () => {
    const due = at('2026-12-07T08:00:00Z');
    expect(measurementSettled(due, null)).toBe(false);
    expect(measurementSettled(due, at('2026-12-07T06:59:00Z'))).toBe(false);
    expect(measurementSettled(due, at('2026-12-07T07:00:00Z'))).toBe(true);
    expect(measurementSettled(due, at('2026-12-07T09:15:00Z'))).toBe(true);
  });
});

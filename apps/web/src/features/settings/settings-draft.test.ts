import type { Settings } from '@medrem/contract';
import { describe, expect, it } from 'vitest';
import { draftChanged, toDraft } from './settings-draft';

const settings: Settings = {
  name: 'Ada Lovelace',
  email: 'ada@example.com',
  timezone: 'Europe/Berlin',
  locale: null,
  clock: 'auto',
  simpleMode: null,
  notifications: {
    enabled: true,
    missedDoseAlerts: true,
    refillReminders: true,
    dailySummary: false,
    upcomingHeadsUp: true,
    reminderAdvance: 30,
    followUps: { everyMinutes: 10, times: 3 },
    quietHours: { enabled: false, start: '22:00', end: '07:00' },
  },
  medicineDefaults: {
    defaultDosesPerDay: 3,
    defaultReminderTimes: ['08:00', '14:00', '20:00'],
    defaultDurationDays: 30,
    takeEarlyMinutes: 60,
  },
  privacy: { dataSharing: false, analytics: false },
};

describe('draftChanged (decision 217)', () => {
  it('is false for the saved settings and for an edit undone by hand', () => {
    const draft = toDraft(settings);
    expect(draftChanged(settings, draft)).toBe(false);
    const undone = { ...draft, timezone: 'UTC' };
    expect(draftChanged(settings, { ...undone, timezone: 'Europe/Berlin' })).toBe(false);
  });

  it('is true for a switch, a time, a zone or the take-early window changed', () => {
    const draft = toDraft(settings);
    expect(
      draftChanged(settings, { ...draft, notifications: { ...draft.notifications, dailySummary: true } }),
    ).toBe(true);
    expect(draftChanged(settings, { ...draft, times: [...draft.times, { time: '12:00', slot: null }] })).toBe(
      true,
    );
    expect(draftChanged(settings, { ...draft, timezone: 'UTC' })).toBe(true);
    expect(
      draftChanged(settings, {
        ...draft,
        medicineDefaults: { ...draft.medicineDefaults, takeEarlyMinutes: 30 },
      }),
    ).toBe(true);
  });
});

import { describe, expect, it } from 'vitest';
import * as domain from '../src/index';

describe('package entry point', () => {
  it.each([
    'addDays',
    'adherenceRate',
    'avatarInitial',
    'countTaken',
    'courseEndDate',
    'daysBetween',
    'deriveMedicineFigures',
    'deriveScheduledTimes',
    'dosesInFrequency',
    'durationBand',
    'expectedDoses',
    'firstDayOfMonth',
    'firstName',
    'formatTime12h',
    'frequencyLabel',
    'greetingForHour',
    'groupIntoSlots',
    'isCourseActiveOn',
    'isSlotAvailable',
    'isUrgentRefill',
    'isValidFrequency',
    'isValidIsoDate',
    'isValidTimeZone',
    'lastDayOfMonth',
    'maxDate',
    'minDate',
    'minutesOfDay',
    'missedDoses',
    'dosesDueSoFarToday',
    'monthReportUpToNow',
    'needsRefillSoon',
    'normaliseTaken',
    'parseFrequency',
    'setTakenFlag',
    'slotNameForTime',
    'slotStatus',
    'slotsWithoutTime',
    'supplyFigures',
    'takenDoses',
    'upcomingRefillCount',
    'zonedNow',
  ])('exports the function %s', (name) => {
    expect(typeof (domain as Record<string, unknown>)[name]).toBe('function');
  });

  it('exports the constants the other packages use', () => {
    expect(domain.DEFAULT_REMINDER_TIMES).toEqual(['08:00', '14:00', '20:00']);
    expect(domain.ADDED_REMINDER_TIME).toBe('12:00');
    expect(domain.MAX_DOSE_SLOTS).toBe(8);
  });
});

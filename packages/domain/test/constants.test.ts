import { describe, expect, it } from 'vitest';
import * as constants from '../src/constants';

describe('business constants (spec section 9)', () => {
  it.each<[keyof typeof constants, unknown]>([
    ['ACCESS_TOKEN_STORAGE_KEY', 'access-token'],
    ['DEFAULT_REMINDER_TIMES', ['08:00', '14:00', '20:00']],
    ['ADDED_REMINDER_TIME', '12:00'],
    ['DEFAULT_REMINDER_ADVANCE_MINUTES', 30],
    ['DEFAULT_DOSES_PER_DAY', 1],
    ['DEFAULT_DURATION_DAYS', 0],
    ['NOTIFICATION_BADGE_CAP', 99],
    ['NOT_YET_AVAILABLE_HINT_MS', 2000],
    ['URGENT_REFILL_MAX_PILLS', 5],
    ['URGENT_REFILL_MAX_DAYS', 2],
    ['UPCOMING_REFILL_WINDOW_DAYS', 7],
    ['DURATION_RED_MAX_DAYS', 3],
    ['DURATION_YELLOW_MAX_DAYS', 7],
    ['PASSWORD_MIN_LENGTH', 6],
    ['MAX_DOSE_SLOTS', 8],
  ])('%s is %j', (name, expected) => {
    expect(constants[name]).toEqual(expected);
  });
});

/** Business constants of the spec (section 9), shared by client and server. */
export const ACCESS_TOKEN_STORAGE_KEY = 'access-token';
export const DEFAULT_REMINDER_TIMES = ['08:00', '14:00', '20:00'] as const;
export const ADDED_REMINDER_TIME = '12:00';
export const DEFAULT_REMINDER_ADVANCE_MINUTES = 30;
export const DEFAULT_DOSES_PER_DAY = 1;
export const DEFAULT_DURATION_DAYS = 0;
export const NOTIFICATION_BADGE_CAP = 99;
export const NOT_YET_AVAILABLE_HINT_MS = 2000;
export const URGENT_REFILL_MAX_PILLS = 5;
export const URGENT_REFILL_MAX_DAYS = 2;
export const UPCOMING_REFILL_WINDOW_DAYS = 7;
export const DURATION_RED_MAX_DAYS = 3;
export const DURATION_YELLOW_MAX_DAYS = 7;
export const PASSWORD_MIN_LENGTH = 6;
/** A frequency has one flag per dose slot; a day has at most this many slots. */
export const MAX_DOSE_SLOTS = 8;
/** After a dose's time: the "still not taken?" alert, and the dose shown Missed (decision 190). */
export const MISSED_DOSE_ALERT_DELAY_MINUTES = 60;
/** How long before its time a dose may be marked taken by default, and the setting's bounds. */
export const DEFAULT_TAKE_EARLY_MINUTES = 60;
export const MAX_TAKE_EARLY_MINUTES = 180;
export const DAILY_SUMMARY_TIME = '21:00';

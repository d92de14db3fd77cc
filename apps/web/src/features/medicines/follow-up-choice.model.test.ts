import { describe, expect, it } from 'vitest';
import { followUpDraftOf, followUpsOf } from './follow-up-choice.model';
import { followUpNote, followUpsText } from './follow-up-text';

const USER_DEFAULT = { everyMinutes: 10, times: 3 };

// Decisions 254, 255: "Reminder follow-ups: use my default / custom" in the medicine form.
describe('the medicine form’s follow-ups', () => {
  it('starts on the user’s default, or on the medicine’s own cadence', () => {
    expect(followUpDraftOf(undefined, USER_DEFAULT)).toEqual({ custom: false, everyMinutes: '10', times: 3 });
    expect(followUpDraftOf(null, { everyMinutes: 20, times: 1 })).toEqual({
      custom: false,
      everyMinutes: '20',
      times: 1,
    });
    expect(followUpDraftOf({ everyMinutes: 5, times: 0 }, USER_DEFAULT)).toEqual({
      custom: true,
      everyMinutes: '5',
      times: 0,
    });
  });

  it('saves null for the default (whatever the hidden fields hold) and the cadence when custom', () => {
    expect(followUpsOf({ custom: false, everyMinutes: '', times: 3 })).toEqual({ followUps: null });
    expect(followUpsOf({ custom: true, everyMinutes: ' 5 ', times: 2 })).toEqual({
      followUps: { everyMinutes: 5, times: 2 },
    });
    expect(followUpsOf({ custom: true, everyMinutes: '60', times: 0 })).toEqual({
      followUps: { everyMinutes: 60, times: 0 },
    });
  });

  it('refuses minutes outside 5–60, fractions and an empty field with the settings’ words', () => {
    expect(followUpsOf({ custom: true, everyMinutes: '4', times: 2 })).toEqual({
      error: 'Follow-up interval must be at least 5.',
    });
    expect(followUpsOf({ custom: true, everyMinutes: '61', times: 2 })).toEqual({
      error: 'Follow-up interval must be at most 60.',
    });
    expect(followUpsOf({ custom: true, everyMinutes: '7.5', times: 2 })).toEqual({
      error: 'Follow-up interval must be a whole number.',
    });
    expect(followUpsOf({ custom: true, everyMinutes: '', times: 2 })).toEqual({
      error: 'Follow-up interval must be a whole number.',
    });
  });

  it('says a cadence in a few words', () => {
    expect(followUpsText(USER_DEFAULT)).toBe('every 10 min, up to 3 times');
    expect(followUpsText({ everyMinutes: 15, times: 1 })).toBe('every 15 min, up to 1 time');
    expect(followUpsText({ everyMinutes: 15, times: 0 })).toBe('none');
    expect(followUpNote({ everyMinutes: 5, times: 2 })).toBe('Follow-ups: every 5 min, up to 2 times');
    expect(followUpNote(undefined)).toBeNull();
  });
});

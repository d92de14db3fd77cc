import { describe, expect, it } from 'vitest';
import { DEFAULT_SETTINGS, settingsContract, settingsSchema } from '../src/settings.contract';
import { accepted, refusals } from './support/parse';
import { EMAIL, serverSettings, specSettingsGroups } from './support/payloads';

const { get, update } = settingsContract;
const SIMPLE_MODE_REFUSAL = (received: string) =>
  `simpleMode: Invalid input: expected boolean, received ${received}`;
const body = { userEmail: EMAIL, ...specSettingsGroups };

/** The spec's body with one group's field replaced. */
function withField<G extends keyof typeof specSettingsGroups>(group: G, change: Record<string, unknown>) {
  return { ...body, [group]: { ...specSettingsGroups[group], ...change } };
}

describe('settings.update (PUT /api/user/{userEmail}/settings)', () => {
  it('accepts the spec’s body (notifications, medicineDefaults, privacy)', () => {
    expect(accepted(update.input, body)).toMatchObject(specSettingsGroups);
  });

  it('turns the newer upcoming-dose heads-up off when an older client leaves it out', () => {
    expect(accepted(update.input, body).notifications.upcomingHeadsUp).toBe(false);
  });

  it('takes the zone of the reminders when sent, and keeps the saved one when not', () => {
    expect(accepted(update.input, { ...body, timezone: 'Asia/Tokyo' }).timezone).toBe('Asia/Tokyo');
    // Issue 54: a language and a clock, or none chosen (null), or left out (the saved ones stay).
    expect(accepted(update.input, { ...body, locale: 'zh-Hans', clock: '12h' })).toMatchObject({
      locale: 'zh-Hans',
      clock: '12h',
    });
    expect(accepted(update.input, { ...body, locale: null }).locale).toBeNull();
    expect(accepted(update.input, body).locale).toBeUndefined();
    expect(accepted(update.input, body).timezone).toBeUndefined();
  });

  it('takes the simple screen on, off or not chosen, and keeps the saved choice when left out', () => {
    expect(accepted(update.input, { ...body, simpleMode: true }).simpleMode).toBe(true);
    expect(accepted(update.input, { ...body, simpleMode: false }).simpleMode).toBe(false);
    expect(accepted(update.input, { ...body, simpleMode: null }).simpleMode).toBeNull();
    expect(accepted(update.input, body).simpleMode).toBeUndefined();
  });

  it.each([
    [
      'a negative reminder advance',
      withField('notifications', { reminderAdvance: -1 }),
      'notifications.reminderAdvance: Reminder advance must be at least 0.',
    ],
    [
      'a reminder advance over a day',
      withField('notifications', { reminderAdvance: 1441 }),
      'notifications.reminderAdvance: Reminder advance must be at most 1440.',
    ],
    [
      'no default reminder time',
      withField('medicineDefaults', { defaultReminderTimes: [] }),
      'medicineDefaults.defaultReminderTimes: Keep at least one default reminder time.',
    ],
    [
      'nine default reminder times',
      withField('medicineDefaults', {
        defaultReminderTimes: [
          '06:00',
          '08:00',
          '10:00',
          '12:00',
          '14:00',
          '16:00',
          '18:00',
          '20:00',
          '22:00',
        ],
      }),
      'medicineDefaults.defaultReminderTimes: At most 8 default reminder times.',
    ],
    [
      'the same time twice',
      withField('medicineDefaults', { defaultReminderTimes: ['08:00', '08:00'] }),
      'medicineDefaults.defaultReminderTimes: Default reminder times must be different.',
    ],
    [
      'a time that is not HH:MM',
      withField('medicineDefaults', { defaultReminderTimes: ['8 AM'] }),
      'medicineDefaults.defaultReminderTimes.0: Times must be in 24-hour HH:MM form.',
    ],
    [
      'zero default doses a day',
      withField('medicineDefaults', { defaultDosesPerDay: 0 }),
      'medicineDefaults.defaultDosesPerDay: Default doses per day must be at least 1.',
    ],
    [
      'a negative default duration',
      withField('medicineDefaults', { defaultDurationDays: -1 }),
      'medicineDefaults.defaultDurationDays: Default duration must be at least 0.',
    ],
    [
      'an unknown zone',
      { ...body, timezone: 'Moon/Base' },
      'timezone: Unknown time zone (use an IANA name such as Europe/Paris).',
    ],
    [
      'a language the product does not speak (issue 54)',
      { ...body, locale: 'en-GB' },
      'locale: Unknown language: use one of en, es, de, fr, pt-BR, it, tr, ar, hi, zh-Hans.',
    ],
    [
      'an unknown clock',
      { ...body, clock: '36h' },
      'clock: Invalid option: expected one of "auto"|"12h"|"24h"',
    ],
    // "false" would be truthy if coerced: JSON bodies are not (decision 002).
    ['the simple screen as text', { ...body, simpleMode: 'false' }, SIMPLE_MODE_REFUSAL('string')],
    ['the simple screen as a number', { ...body, simpleMode: 1 }, SIMPLE_MODE_REFUSAL('number')],
  ])('refuses %s', (_label, input, message) => {
    expect(refusals(update.input, input)).toEqual([message]);
  });

  it('refuses a body without its privacy group, or a switch sent as text, naming the field', () => {
    const { privacy: _p, ...withoutPrivacy } = body;
    expect(refusals(update.input, withoutPrivacy)[0]).toMatch(/^privacy: /);
    // "false" would be truthy if coerced: JSON bodies are not (decision 002).
    expect(refusals(update.input, withField('notifications', { enabled: 'false' }))[0]).toMatch(
      /^notifications\.enabled: /,
    );
  });

  it('answers the saved settings and a message', () => {
    const answer = { settings: serverSettings, message: 'Settings saved' };
    expect(accepted(update.output, answer)).toEqual(answer);
  });
});

describe('settings.get and the spec’s defaults', () => {
  it('answers settings, carrying name and email', () => {
    expect(accepted(get.input, { userEmail: EMAIL })).toEqual({ userEmail: EMAIL });
    expect(accepted(get.output, { settings: serverSettings })).toEqual({ settings: serverSettings });
    const { email: _e, ...withoutEmail } = serverSettings;
    expect(refusals(get.output, { settings: withoutEmail })[0]).toMatch(/^settings\.email: /);
  });

  it('the defaults the server answers before any save are a valid answer and a valid save', () => {
    // Both the server (no settings saved yet) and the web fallback hand these out; a default
    // outside the bounds would be refused the first time the user saves it back.
    expect(accepted(settingsSchema, { ...DEFAULT_SETTINGS, name: '', email: '' })).toBeTruthy();
    expect(accepted(update.input, { userEmail: EMAIL, ...DEFAULT_SETTINGS })).toMatchObject(DEFAULT_SETTINGS);
  });
});

import { describe, expect, it } from 'vitest';
import {
  boundedInt,
  emailSchema,
  frequencyIssue,
  frequencySchema,
  idSchema,
  isoDateSchema,
  passwordSchema,
  personNameSchema,
  takenFlagsSchema,
  textSchema,
  timeSchema,
  timeZoneSchema,
} from '../src/primitives';
import { accepted, refusals, text } from './support/parse';

// The field formats every procedure builds on; the procedure tests check each field uses the right one.

describe('emailSchema', () => {
  it('trims and lower-cases, so one person has one account whatever they type', () => {
    expect(accepted(emailSchema, '  Ada@Example.COM ')).toBe('ada@example.com');
  });

  it.each([
    ['no @', 'ada.example.com', 'Please enter a valid email address.'],
    ['no domain', 'ada@', 'Please enter a valid email address.'],
    ['no top-level domain', 'ada@localhost', 'Please enter a valid email address.'],
    ['a space inside', 'ada lovelace@example.com', 'Please enter a valid email address.'],
    ['a number', 42, 'Please enter a valid email address.'],
    ['missing', undefined, 'Please enter a valid email address.'],
    ['longer than 254 characters', `${text(246)}@example.com`, 'Email is too long.'],
  ])('refuses %s', (_label, value, message) => {
    expect(refusals(emailSchema, value)).toEqual([`: ${message}`]);
  });

  it('accepts the longest address stored (254 characters)', () => {
    expect(accepted(emailSchema, `${text(242)}@example.com`)).toHaveLength(254);
  });
});

describe('passwordSchema (registration and profile)', () => {
  it('takes 6 to 128 characters, as they are (no trimming)', () => {
    expect(accepted(passwordSchema, ' abcd ')).toBe(' abcd ');
    expect(accepted(passwordSchema, text(128))).toHaveLength(128);
  });

  it.each([
    ['5 characters, with the spec’s message', 'abcde', 'Password should be at least 6 characters long.'],
    ['129 characters', text(129), 'Password is too long (at most 128 characters).'],
    ['missing', undefined, 'Password is required.'],
  ])('refuses %s', (_label, value, message) => {
    expect(refusals(passwordSchema, value)).toEqual([`: ${message}`]);
  });
});

describe('personNameSchema', () => {
  it('trims, and takes up to 100 characters', () => {
    expect(accepted(personNameSchema, '  Ada Lovelace ')).toBe('Ada Lovelace');
    expect(accepted(personNameSchema, text(100))).toHaveLength(100);
  });

  it.each([
    ['blank', '   ', 'Name is required.'],
    ['missing', undefined, 'Name is required.'],
    ['101 characters', text(101), 'Name is too long (at most 100 characters).'],
  ])('refuses %s', (_label, value, message) => {
    expect(refusals(personNameSchema, value)).toEqual([`: ${message}`]);
  });
});

describe('idSchema', () => {
  it('takes a UUID in either case', () => {
    expect(accepted(idSchema, '0b7e4c52-8f0a-4f61-9a57-3f1f3f2c9d11')).toBeTruthy();
    expect(accepted(idSchema, '0B7E4C52-8F0A-4F61-9A57-3F1F3F2C9D11')).toBeTruthy();
  });

  it.each([['abc'], ['0b7e4c52-8f0a-4f61-9a57'], [''], [42]])('refuses %j', (value) => {
    expect(refusals(idSchema, value)).toEqual([': Not a valid id.']);
  });
});

describe('isoDateSchema (yyyy-MM-dd)', () => {
  it.each([['2026-11-21'], ['2028-02-29'], ['2026-12-31']])('accepts %s', (date) => {
    expect(accepted(isoDateSchema, date)).toBe(date);
  });

  it.each([
    ['21/11/2026', 'Dates must be in YYYY-MM-DD form.'],
    ['2026-1-5', 'Dates must be in YYYY-MM-DD form.'],
    ['2026-11-21T00:00:00Z', 'Dates must be in YYYY-MM-DD form.'],
    ['2026-02-30', 'Not a real calendar date.'],
    ['2027-02-29', 'Not a real calendar date.'],
    ['2026-13-01', 'Not a real calendar date.'],
  ])('refuses %s', (date, message) => {
    // A malformed date is not a calendar date either: the format message comes first.
    expect(refusals(isoDateSchema, date)[0]).toBe(`: ${message}`);
  });

  it('says a date is required when it is missing', () => {
    expect(refusals(isoDateSchema, undefined)).toEqual([': A date is required.']);
  });
});

describe('timeSchema (HH:MM, 24 h)', () => {
  it.each([['00:00'], ['08:00'], ['23:59']])('accepts %s', (time) => {
    expect(accepted(timeSchema, time)).toBe(time);
  });

  it.each([['8:00'], ['24:00'], ['12:60'], ['12:00:00'], ['8 AM'], ['']])('refuses %j', (time) => {
    expect(refusals(timeSchema, time)).toEqual([': Times must be in 24-hour HH:MM form.']);
  });
});

describe('timeZoneSchema', () => {
  it.each([['UTC'], ['Europe/Paris'], ['Asia/Tokyo']])('accepts %s', (zone) => {
    expect(accepted(timeZoneSchema, zone)).toBe(zone);
  });

  it('refuses a zone no browser knows, saying what to use', () => {
    expect(refusals(timeZoneSchema, 'Mars/Olympus')).toEqual([
      ': Unknown time zone (use an IANA name such as Europe/Paris).',
    ]);
    expect(refusals(timeZoneSchema, text(65))).toHaveLength(2);
  });
});

describe('frequencySchema', () => {
  it.each([
    ['the add form’s three flags', '1-0-1', '1-0-1'],
    ['one flag', '1', '1'],
    ['eight slots', '0-0-0-0-0-0-0-1', '0-0-0-0-0-0-0-1'],
    ['spaces around it, trimmed', ' 1-1-0 ', '1-1-0'],
    ['no dose at all (judged with the schedule: frequencyIssue)', '0-0-0', '0-0-0'],
  ])('accepts %s', (_label, value, parsed) => {
    expect(accepted(frequencySchema, value)).toBe(parsed);
  });

  it.each([
    ['missing, with the spec’s add-form warning', undefined, 'Please fill in the frequency pattern field.'],
    ['a flag other than 0 or 1', '1-2-1', 'Frequency must be 0/1 flags joined by dashes, e.g. 1-0-1.'],
    ['commas', '1,0,1', 'Frequency must be 0/1 flags joined by dashes, e.g. 1-0-1.'],
    ['nine slots', '1-0-1-0-1-0-1-0-1', 'A frequency has at most 8 slots.'],
  ])('refuses %s', (_label, value, message) => {
    expect(refusals(frequencySchema, value)[0]).toBe(`: ${message}`);
  });
});

describe('takenFlagsSchema (a day’s taken doses)', () => {
  it('accepts 0/1 flags, none taken included', () => {
    expect(accepted(takenFlagsSchema, '0-0-0')).toBe('0-0-0');
    expect(accepted(takenFlagsSchema, '1-0-1-1')).toBe('1-0-1-1');
  });

  it.each([
    ['1-0-2', 'Taken must be 0/1 flags joined by dashes, e.g. 1-0-0.'],
    ['', 'Taken must be 0/1 flags joined by dashes, e.g. 1-0-0.'],
    // An every-N-hours day holds up to 25 doses (decision 196): 26 flags are one too many.
    [Array.from({ length: 26 }, () => '0').join('-'), 'At most 25 slots.'],
  ])('refuses %j', (value, message) => {
    expect(refusals(takenFlagsSchema, value)).toEqual([`: ${message}`]);
  });
});

describe('boundedInt', () => {
  const pills = boundedInt('Total pills', 1, 10);

  it('accepts whole numbers within its bounds, both ends included', () => {
    expect([1, 10].map((n) => accepted(pills, n))).toEqual([1, 10]);
  });

  it.each([
    ['below the minimum', 0, 'Total pills must be at least 1.'],
    ['above the maximum', 11, 'Total pills must be at most 10.'],
    ['a fraction', 1.5, 'Total pills must be a whole number.'],
    ['a numeric string (JSON bodies are not coerced)', '3', 'Total pills must be a whole number.'],
    ['NaN', Number.NaN, 'Total pills must be a whole number.'],
    ['missing', undefined, 'Total pills must be a whole number.'],
  ])('refuses %s, naming the field', (_label, value, message) => {
    expect(refusals(pills, value)).toEqual([`: ${message}`]);
  });
});

describe('frequencyIssue (decision 184)', () => {
  it('asks a schedule taken in slots for a dose, and no other', () => {
    const missing = 'Frequency must include at least one dose (a 1).';
    expect(frequencyIssue('0-0-0', null)).toBe(missing);
    expect(frequencyIssue('0', { kind: 'cycle', daysOn: 1, daysOff: 1 })).toBe(missing);
    expect(frequencyIssue('0-1', undefined)).toBeNull();
    expect(frequencyIssue('0', { kind: 'interval', everyHours: 8, startTime: '08:00' })).toBeNull();
    expect(frequencyIssue('0', { kind: 'asNeeded', maxPer24h: 2, minIntervalMinutes: null })).toBeNull();
  });
});

describe('textSchema (decision 183)', () => {
  const oneLine = textSchema('Name');
  const lines = textSchema('Instructions', { multiline: true });

  it.each([
    ['NUL', 'a\u0000b'],
    ['an escape', 'a\u001b[31m'],
    ['a bell', '\u0007'],
    ['DEL', 'a\u007f'],
    ['a C1 control', 'a\u0085b'],
    ['half a surrogate pair', 'a\ud83d b'],
  ])('refuses %s, naming the field, in any text', (_label, value) => {
    expect(refusals(oneLine, value)).toEqual([
      ': Name may not contain control characters such as NUL, tabs or line breaks.',
    ]);
    expect(refusals(lines, value)).toEqual([
      ': Instructions may not contain control characters such as NUL (line breaks and tabs are fine).',
    ]);
  });

  it('keeps line breaks and tabs where a field allows them, and any printable text', () => {
    expect(refusals(oneLine, 'a\nb')).toHaveLength(1);
    expect(refusals(oneLine, 'a\tb')).toHaveLength(1);
    expect(accepted(lines, 'After food\r\n\twith water')).toBe('After food\r\n\twith water');
    expect(accepted(oneLine, 'Ibuprofène 200 mg – 布洛芬 💊')).toBe('Ibuprofène 200 mg – 布洛芬 💊');
  });
});

import ICAL from 'ical.js';
import { describe, expect, it } from 'vitest';
import {
  type CalendarMedicine,
  type DoseSchedule,
  calendarFeed,
  foldLine,
  icsText,
  vtimezone,
  zonedNow,
} from '../src';

// UTF-8 octets: each %XX of the URI encoding is one.
const octets = (text: string) => encodeURIComponent(text).replace(/%[0-9A-F]{2}/g, 'x').length;
const NOW = Date.parse('2026-10-20T09:00:00Z');

const medicine = (
  schedule: DoseSchedule | null,
  extra: Partial<CalendarMedicine> = {},
): CalendarMedicine => ({
  id: '11111111-1111-4111-8111-111111111111',
  name: 'Aspirin',
  dosage: '100 mg',
  pillsPerDose: 1,
  frequency: '1-0-0',
  startDate: '2026-10-01',
  originalDurationDays: 120,
  schedule,
  ...extra,
});

interface ParsedEvent {
  uid: string;
  summary: string;
  description: string;
  /** The start instant, as a maintained parser reads it from DTSTART and the feed's VTIMEZONE. */
  start: number;
}

/** Parses a feed with ical.js (Mozilla's parser): the zone comes only from the feed's VTIMEZONE. */
function parse(ics: string): { calendar: ICAL.Component; events: ParsedEvent[] } {
  const calendar = new ICAL.Component(ICAL.parse(ics));
  const events = calendar.getAllSubcomponents('vevent').map((component) => {
    const event = new ICAL.Event(component);
    return {
      uid: event.uid,
      summary: event.summary,
      description: event.description,
      start: event.startDate.toUnixTime() * 1000,
    };
  });
  return { calendar, events };
}

const feedOf = (medicines: CalendarMedicine[], timeZone: string, today = '2026-10-20') =>
  calendarFeed(medicines, {
    timeZone,
    defaultReminderTimes: ['08:00', '14:00', '20:00'],
    today,
    now: NOW,
  });

const local = (instant: number, timeZone: string) => zonedNow(new Date(instant), timeZone);

describe('calendarFeed', () => {
  it.each([
    ['Europe/Berlin', '2026-10-20', '2026-10-24', '2026-10-26', '06:00', '07:00'],
    ['America/New_York', '2026-10-28', '2026-10-31', '2026-11-02', '12:00', '13:00'],
  ])(
    'keeps an 08:00 dose at 08:00 local on both sides of the clock change (%s)',
    (zone, today, before, after, utcBefore, utcAfter) => {
      const { events } = parse(feedOf([medicine(null)], zone, today));
      const on = (date: string) => events.filter((e) => local(e.start, zone).date === date);
      const [b] = on(before);
      const [a] = on(after);
      expect(on(before)).toHaveLength(1);
      expect(new Date(b!.start).toISOString().slice(11, 16)).toBe(utcBefore);
      expect(new Date(a!.start).toISOString().slice(11, 16)).toBe(utcAfter);
      for (const event of events) expect(local(event.start, zone).time).toBe('08:00');
    },
  );

  it('covers a week back to 60 days ahead, one event per dose with a stable UID', () => {
    const { events } = parse(feedOf([medicine(null, { frequency: '1-0-1' })], 'Europe/Berlin'));
    const dates = events.map((e) => local(e.start, 'Europe/Berlin').date);
    expect(dates[0]).toBe('2026-10-13');
    expect(dates.at(-1)).toBe('2026-12-19');
    expect(events).toHaveLength(68 * 2);
    expect(new Set(events.map((e) => e.uid)).size).toBe(events.length);
    expect(events[0]!.uid).toBe('dose-11111111-1111-4111-8111-111111111111-2026-10-13-0@medicine-reminder');
    expect(events[0]!.summary).toBe('Aspirin 100 mg – Morning');
    expect(events[1]!.summary).toBe('Aspirin 100 mg – Evening');
    expect(events[0]!.description).toBe('Take 1 pill. From Medicine Reminder.');
  });

  it('has a VTIMEZONE a parser reads with the right offsets on both sides of the change', () => {
    const { calendar } = parse(feedOf([medicine(null)], 'Europe/Berlin'));
    const component = calendar.getFirstSubcomponent('vtimezone')!;
    expect(component.getFirstPropertyValue('tzid')).toBe('Europe/Berlin');
    const zone = new ICAL.Timezone(component);
    const offsetOn = (date: string) =>
      zone.utcOffset(ICAL.Time.fromDateTimeString(`${date}T12:00:00`)) / 3600;
    expect(offsetOn('2026-10-20')).toBe(2);
    expect(offsetOn('2026-11-20')).toBe(1);
    expect(component.getAllSubcomponents('daylight')).toHaveLength(1);
    expect(component.getAllSubcomponents('standard')).toHaveLength(1);
  });

  it('lists a weekday schedule on its days only, and no as-needed medicine at all', () => {
    const twiceWeekly = medicine({ kind: 'weekdays', days: [1, 4] }, { name: 'Weekly' });
    const prn = medicine(
      { kind: 'asNeeded', maxPer24h: 4, minIntervalMinutes: 240 },
      { id: '22222222-2222-4222-8222-222222222222', name: 'Ibuprofen', frequency: '0' },
    );
    const { events } = parse(feedOf([twiceWeekly, prn], 'America/New_York'));
    expect(events.length).toBeGreaterThan(10);
    for (const event of events) {
      expect(event.summary).toMatch(/^Weekly/);
      const weekday = new Date(`${local(event.start, 'America/New_York').date}T00:00:00Z`).getUTCDay();
      expect([1, 4]).toContain(weekday);
    }
  });

  it('spaces every-N-hours doses by real hours across the change', () => {
    const every8 = medicine(
      { kind: 'interval', everyHours: 8, startTime: '06:00' },
      { frequency: '0', dosage: '500 mg', name: 'Amoxicillin' },
    );
    const { events } = parse(feedOf([every8], 'Europe/Berlin'));
    const gaps = new Set(events.slice(1).map((e, i) => e.start - events[i]!.start));
    expect([...gaps]).toEqual([8 * 3_600_000]);
    expect(events[0]!.summary).toBe('Amoxicillin 500 mg – every 8 hours');
    // After the change the doses read an hour earlier on the wall clock.
    expect(local(events.at(-1)!.start, 'Europe/Berlin').time).toMatch(/^(05|13|21):00$/);
  });

  it('says an interval of one hour or a fraction of hours in words (decision 196)', () => {
    const summaries = [1, 1.5].map((everyHours) => {
      const every = medicine(
        { kind: 'interval', everyHours, startTime: '06:00' },
        { frequency: '0', name: 'Insulin' },
      );
      return parse(feedOf([every], 'UTC')).events[0]!.summary;
    });
    expect(summaries).toEqual(['Insulin 100 mg – every 1 hour', 'Insulin 100 mg – every 1 hour 30 minutes']);
  });

  it('names the taper step’s dose and pills', () => {
    const taper = medicine(
      {
        kind: 'taper',
        steps: [
          { days: 20, dose: '30 mg', pillsPerDose: 3 },
          { days: 20, dose: '10 mg', pillsPerDose: 1 },
        ],
      },
      { name: 'Prednisolone', startDate: '2026-10-10' },
    );
    const { events } = parse(feedOf([taper], 'UTC'));
    expect(events).toHaveLength(40 - 3);
    expect(events[0]!.summary).toBe('Prednisolone 30 mg – Morning');
    expect(events[0]!.description).toBe('Take 3 pills. From Medicine Reminder.');
    expect(events.at(-1)!.summary).toBe('Prednisolone 10 mg – Morning');
  });

  it('escapes and folds text so a parser reads back exactly what was written', () => {
    const name = 'Vitamin D3, Kalzium; "Ärztlich" \\ verordnet – sehr langer Name 💊 mit Umlauten äöü';
    const ics = feedOf([medicine(null, { name, dosage: '1 000 IE' })], 'Europe/Berlin');
    for (const line of ics.split('\r\n')) expect(octets(line)).toBeLessThanOrEqual(75);
    expect(ics.endsWith('END:VCALENDAR\r\n')).toBe(true);
    expect(ics).not.toMatch(/[^\r]\n/);
    const { events } = parse(ics);
    expect(events[0]!.summary).toBe(`${name} 1 000 IE – Morning`);
  });
});

describe('ics helpers', () => {
  it('folds only between characters', () => {
    const line = `SUMMARY:${'é'.repeat(60)}`;
    const folded = foldLine(line).split('\r\n');
    expect(folded.length).toBe(2);
    expect(folded.map((l) => octets(l))).toEqual([74, 55]);
    expect(folded[1]!.startsWith(' ')).toBe(true);
    expect(folded.join('').replace(/ é/, 'é')).toBe(line);
  });

  it('escapes the characters RFC 5545 names', () => {
    expect(icsText('a,b;c\\d\ne')).toBe('a\\,b\\;c\\\\d\\ne');
  });

  it('writes one observance for a zone without changes in the range', () => {
    const lines = vtimezone(
      'Asia/Tokyo',
      Date.parse('2026-01-01T00:00:00Z'),
      Date.parse('2026-03-01T00:00:00Z'),
    );
    expect(lines).toEqual([
      'BEGIN:VTIMEZONE',
      'TZID:Asia/Tokyo',
      'BEGIN:STANDARD',
      'DTSTART:20260101T090000',
      'TZOFFSETFROM:+0900',
      'TZOFFSETTO:+0900',
      'END:STANDARD',
      'END:VTIMEZONE',
    ]);
  });

  it('puts a change’s onset in the local time before it', () => {
    const lines = vtimezone(
      'America/New_York',
      Date.parse('2026-10-01T00:00:00Z'),
      Date.parse('2026-12-01T00:00:00Z'),
    );
    expect(lines.slice(7, 12)).toEqual([
      'BEGIN:STANDARD',
      'DTSTART:20261101T020000',
      'TZOFFSETFROM:-0400',
      'TZOFFSETTO:-0500',
      'END:STANDARD',
    ]);
  });
});

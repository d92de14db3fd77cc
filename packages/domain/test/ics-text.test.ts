import ICAL from 'ical.js';
import { describe, expect, it } from 'vitest';
import { type CalendarMedicine, calendarFeed, icsText } from '../src';

/** Any control character but the CRLF that ends each content line (RFC 5545: TEXT holds no CONTROL). */
const CONTROL_IN_LINE = new RegExp('[\\u0000-\\u0008\\u000A-\\u001F\\u007F]');

describe('iCalendar text from rows stored before the contract refused control characters', () => {
  it('drops control characters and writes half a surrogate pair as U+FFFD', () => {
    expect(icsText('Asp\u0000irin\u001b[31m 1\u0007 mg\u007f')).toBe('Aspirin[31m 1 mg');
    expect(icsText('tab\there, line\r\nnext')).toBe('tab\there\\, line\\nnext');
    expect(icsText('pill \ud83d x \ud83d\ude00')).toBe('pill \uFFFD x \ud83d\ude00');
  });

  it('keeps the whole feed valid for a calendar app', () => {
    const medicine: CalendarMedicine = {
      id: '11111111-1111-4111-8111-111111111111',
      name: 'Asp\u0000irin\u000b\u001b',
      dosage: '100\u0007 mg\u0085',
      pillsPerDose: 1,
      frequency: '1-0-0',
      startDate: '2026-10-01',
      originalDurationDays: 120,
      schedule: null,
    };
    const ics = calendarFeed([medicine], {
      timeZone: 'Europe/Berlin',
      defaultReminderTimes: ['08:00'],
      today: '2026-10-20',
      now: Date.parse('2026-10-20T09:00:00Z'),
    });
    for (const line of ics.split('\r\n')) expect(line).not.toMatch(CONTROL_IN_LINE);
    const calendar = new ICAL.Component(ICAL.parse(ics));
    const events = calendar.getAllSubcomponents('vevent').map((event) => new ICAL.Event(event));
    expect(events.length).toBeGreaterThan(0);
    expect(events[0]!.summary).toBe('Aspirin 100 mg – Morning');
  });
});

import { addDays, daysBetween, zonedNow } from './dates';
import { type ScheduledMedicineFields, pillsPerDoseOn } from './dose-schedule';
import { type ScheduleContext, dosesOn } from './dose-occurrences';
import { wallClockInstant } from './wall-clock';
import { type SlotName, durationText, slotNameForTime } from './dose-slots';
import { icsDocument, icsLocal, icsText, icsUtc, vtimezone } from './ics';

/**
 * The calendar feed (issue 14, decision 141): every scheduled dose of a window around today as
 * its own event, in the user's zone. Built on each request, so it always shows the medicines as
 * they are now; as-needed medicines have no scheduled doses and so no events.
 */

/** The window the feed covers: a week back (recent doses stay visible), about two months ahead. */
export const CALENDAR_FEED_WINDOW = { daysBack: 7, daysAhead: 60 } as const;
/** How long each dose event lasts in a calendar. */
const EVENT_MINUTES = 15;
const DAY_MS = 86_400_000;

export interface CalendarMedicine extends ScheduledMedicineFields {
  id: string;
  name: string;
  dosage: string;
  pillsPerDose: number;
}

export interface CalendarDoseEvent {
  /** Stable per dose: the same dose keeps its UID when its time changes. */
  uid: string;
  /** Local date and 'HH:MM' in the zone, and the instant (ms). */
  date: string;
  time: string;
  at: number;
  /** false when the local time is ambiguous (a fall-back hour): the event is written in UTC. */
  local: boolean;
  summary: string;
  description: string;
}

/**
 * The feed's words, in its owner's language (issue 54): the server passes them in; the domain
 * knows only the English.
 */
export interface CalendarWords {
  /** The calendar's name, as a calendar app lists it. */
  name: string;
  /** An event's title: the medicine and its strength, then its slot or its interval. */
  title(medicine: string, when: { slot: SlotName } | { everyMinutes: number }): string;
  description(pills: number): string;
}

export const ENGLISH_CALENDAR_WORDS: CalendarWords = {
  name: 'Medicines',
  // "every 1 hour", "every 1 hour 30 minutes" (decision 196), never "every 1 hours".
  title: (medicine, when) =>
    `${medicine} – ${'slot' in when ? when.slot : `every ${durationText(when.everyMinutes)}`}`,
  description: (count) => `Take ${pills(count)}. From Medicine Reminder.`,
};

export interface CalendarFeedOptions extends ScheduleContext {
  /** The user's today in their zone. */
  today: string;
  /** Now (ms): the DTSTAMP. */
  now: number;
  /** English when absent. */
  words?: CalendarWords;
}

const UID_DOMAIN = 'medicine-reminder';

function pills(count: number): string {
  return `${count} ${count === 1 ? 'pill' : 'pills'}`;
}

/** Every scheduled dose of the medicines from `from` to `to` (local dates, inclusive), in time order. */
export function calendarDoseEvents(
  medicines: readonly CalendarMedicine[],
  from: string,
  to: string,
  context: ScheduleContext,
  words: CalendarWords = ENGLISH_CALENDAR_WORDS,
): CalendarDoseEvent[] {
  const events: CalendarDoseEvent[] = [];
  const days = daysBetween(from, to) + 1;
  for (const medicine of medicines) {
    const interval = medicine.schedule?.kind === 'interval' ? medicine.schedule : null;
    for (let i = 0; i < days; i++) {
      const date = addDays(from, i);
      for (const dose of dosesOn(medicine, date, context)) {
        // A dose before the medicine was added is not scheduled (decision 187).
        if (dose.beforeAdded) continue;
        const at = dose.at;
        // The wall time the clocks read (a slot time in a spring-forward gap reads an hour later).
        const wall = zonedNow(new Date(at), context.timeZone);
        const strength = dose.dose ?? medicine.dosage;
        const when = interval
          ? { everyMinutes: interval.everyHours * 60 }
          : { slot: slotNameForTime(dose.time) };
        events.push({
          uid: interval
            ? `dose-${medicine.id}-${icsUtc(at)}@${UID_DOMAIN}`
            : `dose-${medicine.id}-${date}-${dose.slot}@${UID_DOMAIN}`,
          date: wall.date,
          time: wall.time,
          at,
          local: wallClockInstant(wall.date, wall.time, context.timeZone) === at,
          summary: words.title([medicine.name, strength.trim()].filter(Boolean).join(' '), when),
          description: words.description(pillsPerDoseOn(medicine, date)),
        });
      }
    }
  }
  return events.sort((a, b) => a.at - b.at || a.uid.localeCompare(b.uid));
}

/** The whole feed as an iCalendar document (CRLF lines, folded, escaped). */
export function calendarFeed(medicines: readonly CalendarMedicine[], options: CalendarFeedOptions): string {
  const { timeZone } = options;
  const from = addDays(options.today, -CALENDAR_FEED_WINDOW.daysBack);
  const to = addDays(options.today, CALENDAR_FEED_WINDOW.daysAhead);
  const words = options.words ?? ENGLISH_CALENDAR_WORDS;
  const events = calendarDoseEvents(medicines, from, to, options, words);
  const stamp = icsUtc(options.now);
  const zoneFrom = wallClockInstant(from, '00:00', timeZone) - DAY_MS;
  const zoneTo = wallClockInstant(to, '23:59', timeZone) + DAY_MS;
  return icsDocument([
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Medicine Reminder//Calendar feed//EN',
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    `X-WR-CALNAME:${icsText(words.name)}`,
    `X-WR-TIMEZONE:${timeZone}`,
    'REFRESH-INTERVAL;VALUE=DURATION:PT1H',
    'X-PUBLISHED-TTL:PT1H',
    ...vtimezone(timeZone, zoneFrom, zoneTo),
    ...events.flatMap((event) => [
      'BEGIN:VEVENT',
      `UID:${event.uid}`,
      `DTSTAMP:${stamp}`,
      event.local
        ? `DTSTART;TZID=${timeZone}:${icsLocal(event.date, event.time)}`
        : `DTSTART:${icsUtc(event.at)}`,
      `DURATION:PT${EVENT_MINUTES}M`,
      `SUMMARY:${icsText(event.summary)}`,
      `DESCRIPTION:${icsText(event.description)}`,
      'TRANSP:TRANSPARENT',
      'END:VEVENT',
    ]),
    'END:VCALENDAR',
  ]);
}

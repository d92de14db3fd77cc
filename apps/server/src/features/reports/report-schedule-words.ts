import {
  type DoseSchedule,
  PLAN_FIELDS,
  type PlanField,
  type PlanValue,
  type DoseSkip,
  durationText,
  frequencyLabel,
  planEntryText,
  scheduleText,
  skipText,
} from '@medrem/domain';
import { textDirection } from '@medrem/contract/locales';
import { type MessageId, type MessageValues, translate } from '../../i18n/server-catalogs';
import { listText, timeText } from '../../i18n/server-formats';
import type { TextLanguage } from '../../i18n/server-language';

type PlanEntryWords = Parameters<typeof planEntryText>[0];

const FREQUENCY_COUNTS: Readonly<Record<string, number>> = {
  '1-1-1': 3,
  '1-0-1': 2,
  '0-1-1': 2,
  '1-1-0': 2,
  '1-0-0': 1,
  '0-0-1': 1,
  '0-1-0': 1,
};

/**
 * The report's schedule, skip and plan-change words in the reader's language (issue 54). English
 * is the domain's own text (scheduleText, skipText, planEntryText), byte for byte; the other
 * languages say the same from the catalogs (`report.words.*`), times through Intl.
 */
export interface ScheduleWords {
  schedule(s: DoseSchedule | null | undefined): string | null;
  daily(frequency: string | null, count: number): string;
  at(how: string, times: readonly string[]): string;
  limits(days: string, s: { maxPer24h: number | null; minIntervalMinutes: number | null }): string;
  skip(skip: Pick<DoseSkip, 'reason' | 'note'>): string;
  planEntry(entry: PlanEntryWords): string;
}

export function scheduleWordsIn(language: TextLanguage): ScheduleWords {
  if (language.locale === 'en') return ENGLISH;
  const t = (id: MessageId, values?: MessageValues) => translate(language.locale, id, values);
  const time = (hhmm: string) => timeText(hhmm, language);
  const list = (items: readonly string[]) => listText(items, language);
  const duration = (minutes: number) => {
    const hours = Math.floor(minutes / 60);
    const rest = minutes % 60;
    if (hours === 0) return t('report.words.minutes', { minutes: rest });
    return rest === 0
      ? t('report.words.hours', { hours })
      : t('report.words.hoursMinutes', { hours, minutes: rest });
  };
  const schedule = (s: DoseSchedule | null | undefined): string | null => {
    if (!s) return null;
    switch (s.kind) {
      case 'daily':
        return null;
      case 'interval':
        return t('report.words.interval', { hours: s.everyHours, time: time(s.startTime) });
      case 'weekdays':
        return list(s.days.map((d) => t(`report.words.weekday${d}` as MessageId)));
      case 'cycle':
        return t('report.words.cycle', { on: s.daysOn, off: s.daysOff });
      case 'taper':
        // The steps in reading order: a right-to-left language reads the arrow the other way.
        return t('report.words.taper', {
          steps: s.steps
            .map((step) => step.dose)
            .join(textDirection(language.locale) === 'rtl' ? ' ← ' : ' → '),
        });
      case 'asNeeded':
        return t('report.words.asNeeded');
    }
  };
  const value = (field: PlanField, v: PlanValue): string => {
    switch (field) {
      case 'dosage':
        return typeof v === 'string' && v !== '' ? v : t('report.words.notGiven');
      case 'frequency':
        return typeof v === 'string' ? String(v.split('-').filter((f) => f === '1').length) : '–';
      case 'schedule':
        return schedule(v as DoseSchedule | null) ?? t('report.words.everyDay');
      case 'doseTimes':
        return Array.isArray(v) && v.length > 0 ? list(v.map(time)) : t('report.words.defaultTimes');
      case 'pillsPerDose':
        return typeof v === 'number' ? String(v) : '–';
    }
  };
  const field = (f: PlanField) => t(`report.words.field.${f}` as MessageId);
  return {
    schedule,
    /** How many a day when the schedule does not say which days: 'Twice daily'. */
    daily: (frequency: string | null, count: number) =>
      t('report.words.timesDaily', { count: FREQUENCY_COUNTS[frequency ?? ''] ?? count }),
    at: (how: string, times: readonly string[]) =>
      t('report.words.at', { how, times: list(times.map(time)) }),
    limits: (days: string, s: { maxPer24h: number | null; minIntervalMinutes: number | null }) => {
      const limits = [
        s.maxPer24h !== null ? t('report.words.maxPer24h', { count: s.maxPer24h }) : null,
        s.minIntervalMinutes !== null
          ? t('report.words.minInterval', { duration: duration(s.minIntervalMinutes) })
          : null,
      ].filter((x): x is string => x !== null);
      return limits.length > 0 ? list([days, ...limits]) : days;
    },
    skip: (skip) => {
      const reason = skip.reason ? t(`report.words.skip.${skip.reason}` as MessageId) : null;
      const note = skip.note?.trim() || null;
      const why = reason && note ? t('report.words.skipReasonNote', { reason, note }) : (reason ?? note);
      return why ? t('report.words.skippedWhy', { why }) : t('report.words.skipped');
    },
    planEntry: (entry: PlanEntryWords) => {
      if (entry.kind === 'stop') return t('report.words.stopped');
      if (entry.kind === 'resume') return t('report.words.resumed');
      if (entry.kind === 'start') {
        const fields = PLAN_FIELDS.map((f) =>
          t('report.words.startField', { field: field(f), value: value(f, entry.plan[f]) }),
        );
        return t('report.words.started', { fields: fields.join(', ') });
      }
      return entry.changes
        .map((c) =>
          t('report.words.change', {
            field: field(c.field),
            from: value(c.field, c.from),
            to: value(c.field, c.to),
          }),
        )
        .join('; ');
    },
  };
}

/** The domain's English, as the report always wrote it. */
const ENGLISH: ScheduleWords = {
  schedule: scheduleText,
  daily: (frequency, count) => frequencyLabel(frequency) ?? `${count} times daily`,
  at: (how, times) => `${how} at ${times.join(', ')}`,
  limits: (days, s) => {
    const limits = [
      s.maxPer24h !== null ? `at most ${s.maxPer24h} in 24 hours` : null,
      // '6 hours', as the user entered it, never '360 minutes' (decision 192).
      s.minIntervalMinutes !== null ? `at least ${durationText(s.minIntervalMinutes)} apart` : null,
    ].filter(Boolean);
    return limits.length > 0 ? `${days}, ${limits.join(', ')}` : days;
  },
  skip: skipText,
  planEntry: planEntryText,
};

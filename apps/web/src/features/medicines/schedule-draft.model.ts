import { i18n, type MessageDescriptor } from '@lingui/core';
import { msg, t } from '@lingui/core/macro';
import { doseScheduleSchema } from '@medrem/contract';
import type { DoseSchedule, ScheduleKind, TaperStep } from '@medrem/domain';
import { dateTimeFormat } from '../../i18n/intl-formats';

/**
 * What the schedule part of the medicine form holds while it is edited (decision 120): every kind's
 * fields at once, so switching kinds back and forth keeps what was typed. `toSchedule` turns it into
 * the contract's schedule, checked by the contract's own schema.
 */
export interface ScheduleDraft {
  kind: ScheduleKind;
  days: number[];
  daysOn: number;
  daysOff: number;
  steps: TaperStep[];
  everyHours: number;
  startTime: string;
  /** NaN when left empty: no limit. */
  maxPer24h: number;
  minIntervalHours: number;
}

/** The schedule kinds in plain words, translated where shown. */
export const SCHEDULE_KIND_LABELS: Record<ScheduleKind, MessageDescriptor> = {
  daily: msg`Every day at my reminder times`,
  weekdays: msg`On chosen days of the week`,
  cycle: msg`Some days on, then some days off`,
  taper: msg`A tapering dose, step by step`,
  interval: msg`Every few hours`,
  asNeeded: msg`Only when needed`,
};

/** The days of the week, Sunday (0) first: the schedule's day numbers. */
export const WEEKDAYS = [0, 1, 2, 3, 4, 5, 6] as const;

/** A weekday's name in the page's language ('Sunday' for 0 in English). */
export const weekdayName = (day: number): string =>
  // 2023-01-01 was a Sunday: day 0 of the schedule.
  dateTimeFormat({ weekday: 'long', timeZone: 'UTC' }, 'en-US').format(Date.UTC(2023, 0, 1 + day));

/** A new taper step: its length is the user's to give (decision 195), one pill a dose to begin with. */
export const NEW_TAPER_STEP: TaperStep = { days: Number.NaN, dose: '', pillsPerDose: 1 };

/**
 * Decision 195: nothing that decides on which days or at which times a dose falls comes filled in
 * (a Monday ticked for a Sunday medicine was taken twice a week); the user chooses every one, and
 * the form says at the field what is missing.
 */
export function draftOf(schedule: DoseSchedule | null | undefined): ScheduleDraft {
  const draft: ScheduleDraft = {
    kind: 'daily',
    days: [],
    daysOn: Number.NaN,
    daysOff: Number.NaN,
    steps: [NEW_TAPER_STEP],
    everyHours: Number.NaN,
    startTime: '',
    maxPer24h: Number.NaN,
    minIntervalHours: Number.NaN,
  };
  if (!schedule) return draft;
  switch (schedule.kind) {
    case 'asNeeded':
      return {
        ...draft,
        kind: 'asNeeded',
        maxPer24h: schedule.maxPer24h ?? Number.NaN,
        minIntervalHours:
          schedule.minIntervalMinutes === null ? Number.NaN : schedule.minIntervalMinutes / 60,
      };
    case 'daily':
      return draft;
    default:
      return { ...draft, ...schedule };
  }
}

const orNull = (value: number) => (Number.isFinite(value) ? value : null);

/** The schedule's problems by the draft field they are about ('days', 'steps.0.dose', …). */
export type ScheduleErrors = Readonly<Record<string, string>>;

/** The numbers each kind needs, by draft field: what is said when it is empty, in the words of its control. */
const REQUIRED_NUMBERS: Partial<Record<ScheduleKind, Record<string, MessageDescriptor>>> = {
  cycle: { daysOn: msg`Days taking it is required.`, daysOff: msg`Days off is required.` },
  interval: { everyHours: msg`Hours between doses is required.` },
};

/** Empty fields, said in the form's words before the contract's rules are asked. */
function missingFields(draft: ScheduleDraft): Record<string, string> {
  const missing: Record<string, string> = {};
  for (const [field, required] of Object.entries(REQUIRED_NUMBERS[draft.kind] ?? {}))
    if (!Number.isFinite(draft[field as keyof ScheduleDraft])) missing[field] = i18n._(required);
  if (draft.kind === 'interval' && draft.startTime === '')
    missing['startTime'] = t`Choose the first dose’s time.`;
  if (draft.kind === 'taper')
    draft.steps.forEach((step, i) => {
      const number = i + 1;
      if (!Number.isFinite(step.days)) missing[`steps.${i}.days`] = t`Step ${number}: days are required.`;
    });
  return missing;
}

/** The contract's field names that the draft holds under another name. */
const DRAFT_FIELD: Record<string, string> = { minIntervalMinutes: 'minIntervalHours' };

/** The schedule the draft stands for (null: the spec's daily rule), or its problems by field. */
export function toSchedule(
  draft: ScheduleDraft,
): { schedule: DoseSchedule | null } | { errors: ScheduleErrors } {
  const missing = missingFields(draft);
  if (Object.keys(missing).length > 0) return { errors: missing };
  const candidate = ((): unknown => {
    switch (draft.kind) {
      case 'daily':
        return null;
      case 'weekdays':
        return { kind: 'weekdays', days: draft.days };
      case 'cycle':
        return { kind: 'cycle', daysOn: draft.daysOn, daysOff: draft.daysOff };
      case 'taper':
        return { kind: 'taper', steps: draft.steps };
      case 'interval':
        return { kind: 'interval', everyHours: draft.everyHours, startTime: draft.startTime };
      case 'asNeeded': {
        const hours = orNull(draft.minIntervalHours);
        return {
          kind: 'asNeeded',
          maxPer24h: orNull(draft.maxPer24h),
          minIntervalMinutes: hours === null ? null : Math.round(hours * 60),
        };
      }
    }
  })();
  if (candidate === null) return { schedule: null };
  const parsed = doseScheduleSchema.safeParse(candidate);
  if (parsed.success) return { schedule: parsed.data };
  const errors: Record<string, string> = {};
  for (const issue of parsed.error.issues) {
    const path = issue.path.map(String);
    const field = [DRAFT_FIELD[path[0] ?? ''] ?? path[0] ?? 'kind', ...path.slice(1)].join('.');
    errors[field] ??= issue.message;
  }
  return { errors };
}

/** The first problem, for a summary beside the submit button. */
export const firstScheduleError = (errors: ScheduleErrors): string =>
  Object.values(errors)[0] ?? t`The schedule is not complete.`;

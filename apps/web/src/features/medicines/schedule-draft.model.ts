import { doseScheduleSchema } from '@medrem/contract';
import type { DoseSchedule, ScheduleKind, TaperStep } from '@medrem/domain';

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

export const SCHEDULE_KIND_LABELS: Record<ScheduleKind, string> = {
  daily: 'Every day at my reminder times',
  weekdays: 'On chosen days of the week',
  cycle: 'Some days on, then some days off',
  taper: 'A tapering dose, step by step',
  interval: 'Every few hours',
  asNeeded: 'Only when needed',
};

export const WEEKDAY_NAMES = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];

export function draftOf(schedule: DoseSchedule | null | undefined): ScheduleDraft {
  const draft: ScheduleDraft = {
    kind: 'daily',
    days: [1],
    daysOn: 21,
    daysOff: 7,
    steps: [{ days: 7, dose: '', pillsPerDose: 1 }],
    everyHours: 8,
    startTime: '08:00',
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

/** The schedule the draft stands for (null: the spec's daily rule), or the first reason it cannot be sent. */
export function toSchedule(draft: ScheduleDraft): { schedule: DoseSchedule | null } | { error: string } {
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
  return { error: parsed.error.issues[0]?.message ?? 'The schedule is not complete.' };
}

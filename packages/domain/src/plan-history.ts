import { addDays, formatTime12h, maxDate, minDate } from './dates';
import { type DoseCell, type DoseCellWindow, doseCells } from './dose-cells';
import type { DoseSchedule, ScheduledMedicineFields } from './dose-schedule';
import type { SkippableDay } from './dose-skips';
import { scheduleText } from './schedule-text';

/**
 * A medicine's plan and its history (decisions 314, 315): what is taken, how often, when and how
 * many pills, recorded whole at each change with the local day it applies from, so a past day is
 * judged against the plan of that day rather than today's.
 */
export interface MedicinePlan {
  dosage: string;
  frequency: string;
  schedule: DoseSchedule | null;
  doseTimes: string[] | null;
  pillsPerDose: number;
  /** Stopped from this entry's day on (decision 313): no dose is due. */
  stopped: boolean;
}

/** The fields of a plan a change names; `stopped` is the entry's kind instead. */
export const PLAN_FIELDS = ['dosage', 'frequency', 'schedule', 'doseTimes', 'pillsPerDose'] as const;
export type PlanField = (typeof PLAN_FIELDS)[number];
export type PlanValue = MedicinePlan[PlanField];

export type PlanChangeKind = 'start' | 'change' | 'stop' | 'resume';

export interface PlanFieldChange {
  field: PlanField;
  from: PlanValue;
  to: PlanValue;
}

/** One entry of the history, oldest first: entries of one day keep the order they were made in. */
export interface PlanEntry {
  effectiveOn: string;
  plan: MedicinePlan;
}

/** The plan a medicine row holds now. */
export function planOf(
  medicine: Omit<MedicinePlan, 'stopped' | 'schedule' | 'doseTimes'> & {
    schedule?: DoseSchedule | null | undefined;
    doseTimes?: readonly string[] | null | undefined;
  },
  stopped: boolean,
): MedicinePlan {
  return {
    dosage: medicine.dosage,
    frequency: medicine.frequency,
    schedule: medicine.schedule ?? null,
    doseTimes: medicine.doseTimes && medicine.doseTimes.length > 0 ? [...medicine.doseTimes] : null,
    pillsPerDose: medicine.pillsPerDose,
    stopped,
  };
}

/** The fields that differ between two plans, from → to; none when only the stop changed. */
export function planDiff(before: MedicinePlan, after: MedicinePlan): PlanFieldChange[] {
  return PLAN_FIELDS.filter((field) => JSON.stringify(before[field]) !== JSON.stringify(after[field])).map(
    (field) => ({ field, from: before[field], to: after[field] }),
  );
}

/**
 * The plan that applied on `date`: the last entry from that day or before. A day before the first
 * entry (a start date moved earlier) takes the first entry's plan: nothing earlier is known.
 */
export function planOnDay(entries: readonly PlanEntry[], date: string): MedicinePlan | null {
  let found: MedicinePlan | null = entries[0]?.plan ?? null;
  for (const entry of sortedEntries(entries)) {
    if (entry.effectiveOn > date) break;
    found = entry.plan;
  }
  return found;
}

/** Days from `from` to `to` split where the plan changes, each with its plan. */
export function planSegments(
  entries: readonly PlanEntry[],
  from: string,
  to: string,
): { from: string; to: string; plan: MedicinePlan | null }[] {
  if (to < from) return [];
  const starts = [
    from,
    ...new Set(entries.map((e) => e.effectiveOn).filter((day) => day > from && day <= to)),
  ].sort();
  return starts.map((start, i) => ({
    from: start,
    to: i + 1 < starts.length ? addDays(starts[i + 1] as string, -1) : to,
    plan: planOnDay(entries, start),
  }));
}

/**
 * The medicine as it was under `plan` from `from` on: the plan's fields over the row's, stopped
 * from `from` when the plan is a stop. Other stops come from the history, not from the row.
 */
export function medicineUnderPlan<M extends ScheduledMedicineFields>(
  medicine: M,
  plan: MedicinePlan,
  from: string,
): M {
  // The plan's fields replace the row's same fields: the result has the row's shape.
  return {
    ...medicine,
    frequency: plan.frequency,
    schedule: plan.schedule,
    doseTimes: plan.doseTimes,
    pillsPerDose: plan.pillsPerDose,
    stoppedOn: plan.stopped ? from : null,
  };
}

/**
 * doseCells (decision 100) with each day judged against the plan of that day (decision 315): the
 * window split where the plan changed. Without a history, the medicine as it is now.
 */
export function doseCellsByPlan(
  medicine: ScheduledMedicineFields,
  entries: readonly PlanEntry[] | undefined,
  history: readonly ({ date: string; taken: string } & Omit<SkippableDay, 'taken'>)[],
  window: DoseCellWindow,
): DoseCell[] {
  if (!entries || entries.length === 0) return doseCells(medicine, history, window);
  const last = minDate(window.to, window.today);
  return planSegments(entries, window.from, last).flatMap((segment) =>
    doseCells(segment.plan ? medicineUnderPlan(medicine, segment.plan, segment.from) : medicine, history, {
      ...window,
      from: maxDate(segment.from, window.from),
      to: segment.to,
    }),
  );
}

const FIELD_NAMES: Record<PlanField, string> = {
  dosage: 'Dose',
  frequency: 'Doses a day',
  schedule: 'Schedule',
  doseTimes: 'Times',
  pillsPerDose: 'Pills per dose',
};

/** A change in words for the medicine's page and the doctor's report: 'Dose: 5 mg → 10 mg'. */
export function planChangeText(change: PlanFieldChange): string {
  return `${FIELD_NAMES[change.field]}: ${planValueText(change.field, change.from)} → ${planValueText(change.field, change.to)}`;
}

/** An entry of the history in words: the plan it started with, what changed, or the stop. */
export function planEntryText(entry: {
  kind: PlanChangeKind;
  changes: readonly PlanFieldChange[];
  plan: MedicinePlan;
}): string {
  switch (entry.kind) {
    case 'stop':
      return 'Stopped';
    case 'resume':
      return 'Resumed';
    case 'start':
      return `Started: ${PLAN_FIELDS.map(
        (field) => `${FIELD_NAMES[field]} ${planValueText(field, entry.plan[field])}`,
      ).join(', ')}`;
    case 'change':
      return entry.changes.map(planChangeText).join('; ');
  }
}

export function planValueText(field: PlanField, value: PlanValue): string {
  switch (field) {
    case 'dosage':
      return typeof value === 'string' && value !== '' ? value : 'not given';
    case 'frequency':
      return typeof value === 'string' ? String(value.split('-').filter((f) => f === '1').length) : '–';
    case 'schedule':
      return scheduleText(value as DoseSchedule | null) ?? 'Every day';
    case 'doseTimes':
      return Array.isArray(value) && value.length > 0
        ? value.map(formatTime12h).join(', ')
        : 'Default reminder times';
    case 'pillsPerDose':
      return typeof value === 'number' ? String(value) : '–';
  }
}

function sortedEntries(entries: readonly PlanEntry[]): PlanEntry[] {
  // A stable sort: entries of one day stay in the order they were made.
  return [...entries].sort((a, b) => a.effectiveOn.localeCompare(b.effectiveOn));
}

import type { DoctorReportMedicine, DoctorReportView } from '@medrem/contract';
import {
  type AggregateItem,
  type DoseCell,
  courseEndDate,
  deriveScheduledTimes,
  dosesOn,
  postponedTimeOf,
  addDays,
  pillsPerDoseOn,
  rangeAggregates,
  taperStepEnd,
  usesSlots,
  wallClockInstant,
  zoneOffsetMinutes,
  zonedNow,
  slotTimesOf,
  skipOf,
  zonedDateOf,
} from '@medrem/domain';
import { type StoredDay, takenInstants } from '../medicines/dose-ticks';
import type { MedicineRow } from '../medicines/medicine.repository';
import type { PlanHistoryEntry } from '../medicines/plan-change.repository';
import { SOURCE_LANGUAGE } from '../../i18n/server-language';
import { type ScheduleWords, scheduleWordsIn } from './report-schedule-words';
import type { ReportTexts } from './report-texts';

/** Everything the doctor's report is made of, read by the service; this module only counts. */
export interface DoctorReportInput {
  patient: DoctorReportView['patient'];
  from: string;
  to: string;
  now: Date;
  timeZone: string;
  defaultReminderTimes: readonly string[];
  rows: readonly MedicineRow[];
  /** Each day's flags, with when each dose was taken (decision 191). */
  records: readonly ({ medicineId: string; date: string; taken: string } & StoredDay)[];
  refills: readonly { medicineId: string; pills: number; refilledAt: Date }[];
  intakes: readonly { medicineId: string; takenAt: Date; override: boolean }[];
  /** Each medicine's plan history (decisions 314, 315). */
  plans: ReadonlyMap<string, readonly PlanHistoryEntry[]>;
  /** The reader's words for schedules, skips and plan changes (English when absent). */
  texts?: Pick<ReportTexts, 'language'>;
}

/**
 * The doctor's report: the range counted by `rangeAggregates`, the one rule the monthly report uses
 * (decisions 100, 101), with each medicine's schedule in words, every dose cell as taken, missed or
 * extra, and its as-needed intakes and refills in the range.
 */
export function buildDoctorReport(input: DoctorReportInput): DoctorReportView {
  const { from, to, timeZone, defaultReminderTimes } = input;
  const words = scheduleWordsIn(input.texts?.language ?? SOURCE_LANGUAGE);
  const now = zonedNow(input.now, timeZone);
  const items: AggregateItem[] = input.rows.map((row) => ({
    medicineId: row.id,
    name: row.name,
    medicine: row,
    history: input.records.filter((r) => r.medicineId === row.id),
    plans: input.plans.get(row.id),
  }));
  const figures = rangeAggregates(items, {
    from,
    to,
    today: now.date,
    nowMinutes: now.minutes,
    defaultReminderTimes,
    timeZone,
  });
  const inRange = (instant: Date) => {
    const date = zonedDateOf(instant, timeZone);
    return date >= from && date <= to;
  };

  const medicines = input.rows.map((row, i): DoctorReportMedicine => {
    const count = figures.medicines[i]!;
    const days = dayRows(
      row,
      figures.cells[i] ?? [],
      input.records.filter((r) => r.medicineId === row.id),
      { timeZone, defaultReminderTimes, words },
    );
    // A skipped dose (decision 225) counts as not taken in the rate, but apart from the missed.
    const skipped = days.reduce((sum, d) => sum + d.doses.filter((x) => x.status === 'skipped').length, 0);
    return {
      medicineId: row.id,
      name: row.name,
      dosage: row.dosage,
      instructions: row.instructions,
      schedule: scheduleWords(row, defaultReminderTimes, words),
      kind: row.schedule?.kind ?? 'daily',
      times: usesSlots(row.schedule)
        ? deriveScheduledTimes(row.frequency, slotTimesOf(row, defaultReminderTimes))
        : [],
      weekdays: row.schedule?.kind === 'weekdays' ? [...row.schedule.days].sort((a, b) => a - b) : null,
      everyHours: row.schedule?.kind === 'interval' ? row.schedule.everyHours : null,
      pillsPerDose: row.pillsPerDose,
      steps: taperSteps(row),
      startDate: row.startDate,
      endDate: courseEndDate(row.startDate, row.originalDurationDays),
      due: count.due,
      taken: count.taken,
      missed: count.rate === null ? null : count.due - count.taken - skipped,
      skipped,
      rate: count.rate,
      days,
      asNeeded: input.intakes
        .filter((x) => x.medicineId === row.id && inRange(x.takenAt))
        .map((x) => ({ at: isoWithOffset(x.takenAt.getTime(), timeZone), override: x.override })),
      refills: input.refills
        .filter((x) => x.medicineId === row.id && inRange(x.refilledAt))
        .map((x) => ({ at: isoWithOffset(x.refilledAt.getTime(), timeZone), pills: x.pills })),
      stoppedOn: row.stoppedOn,
      planChanges: planChangesUpTo(input.plans.get(row.id) ?? [], to, words),
    };
  });

  const { totals } = figures;
  return {
    from,
    to,
    today: now.date,
    timeZone,
    generatedAt: isoWithOffset(input.now.getTime(), timeZone),
    patient: input.patient,
    totals: {
      due: totals.due,
      taken: totals.taken,
      missed: totals.missed,
      skipped: totals.skipped,
      rate: totals.rate,
    },
    medicines,
  };
}

/** The plan's changes a doctor reads, up to the range's end: one line each, in words. */
function planChangesUpTo(
  entries: readonly PlanHistoryEntry[],
  to: string,
  words: ScheduleWords,
): DoctorReportMedicine['planChanges'] {
  return entries
    .filter((e) => e.effectiveOn <= to)
    .map((e) => ({
      effectiveOn: e.effectiveOn,
      kind: e.kind,
      text: words.planEntry(e),
      reason: e.reason,
    }));
}

/** The schedule as a doctor reads it: which days, then the times or the limits. */
function scheduleWords(
  row: MedicineRow,
  defaultReminderTimes: readonly string[],
  words: ScheduleWords,
): string {
  const days = words.schedule(row.schedule);
  if (!usesSlots(row.schedule)) {
    const s = row.schedule;
    if (s?.kind !== 'asNeeded') return days ?? '';
    return words.limits(days ?? '', s);
  }
  const times = deriveScheduledTimes(row.frequency, slotTimesOf(row, defaultReminderTimes));
  const how = days ?? words.daily(row.frequency, times.length);
  return times.length > 0 ? words.at(how, times) : how;
}

/** A taper's steps with their dates, for the report's schedule and the FHIR dosage per step. */
function taperSteps(row: MedicineRow): DoctorReportMedicine['steps'] {
  if (row.schedule?.kind !== 'taper') return null;
  const { steps } = row.schedule;
  return steps.map((step, index) => {
    const to = taperStepEnd(steps, row.startDate, index);
    return { from: addDays(to, 1 - step.days), to, dose: step.dose, pillsPerDose: step.pillsPerDose };
  });
}

/**
 * Each day with a dose due or recorded, its slots in order, with the dose's time that day, its own
 * instant (decision 188: never re-derived from the wall time, which a fall-back hour reads twice)
 * and the pills one dose takes that day (decision 186).
 */
function dayRows(
  row: MedicineRow,
  cells: readonly DoseCell[],
  records: readonly ({ date: string; taken: string } & StoredDay)[],
  context: { timeZone: string; defaultReminderTimes: readonly string[]; words: ScheduleWords },
): DoctorReportMedicine['days'] {
  const byDate = new Map<string, DoseCell[]>();
  for (const cell of cells) byDate.set(cell.date, [...(byDate.get(cell.date) ?? []), cell]);
  return [...byDate].map(([date, dayCells]) => {
    const doses = dosesOn(row, date, context);
    const pillsPerDose = pillsPerDoseOn(row, date);
    // When each dose was taken (decision 191), from the day's record.
    const record = records.find((r) => r.date === date);
    const takenAt = record ? takenInstants(record, record.taken.split('-').length) : [];
    return {
      date,
      doses: dayCells.map((cell) => {
        const dose = doses.find((d) => d.slot === cell.slot);
        // A tick where no dose is scheduled (a slot the frequency dropped) keeps the slot's time.
        // A postponed dose (decision 316) is counted, and printed, at its new time.
        const moved = postponedTimeOf(record, cell.slot);
        const time = moved ?? dose?.time ?? slotTimesOf(row, context.defaultReminderTimes)[cell.slot] ?? null;
        const at =
          (moved ? null : dose?.at) ?? (time ? wallClockInstant(date, time, context.timeZone) : null);
        const skip = cell.taken === 0 && cell.due ? skipOf(record, cell.slot) : null;
        return {
          slot: cell.slot,
          time,
          taken: cell.taken,
          pillsPerDose,
          status: cell.taken > 0 ? (cell.due ? 'taken' : 'extra') : skip ? 'skipped' : 'missed',
          skip: skip ? context.words.skip(skip) : null,
          at: at === null ? null : isoWithOffset(at, context.timeZone),
          takenAt:
            cell.taken > 0 && takenAt[cell.slot]
              ? isoWithOffset(takenAt[cell.slot]!, context.timeZone)
              : null,
        };
      }),
    };
  });
}

/** An instant as the user's zone reads it, e.g. 2026-11-03T08:00:00+01:00 (FHIR dateTime). */
export function isoWithOffset(instant: number, timeZone: string): string {
  const local = zonedNow(new Date(instant), timeZone);
  const offset = zoneOffsetMinutes(instant, timeZone);
  const sign = offset < 0 ? '-' : '+';
  const abs = Math.abs(offset);
  const hh = String(Math.floor(abs / 60)).padStart(2, '0');
  const mm = String(abs % 60).padStart(2, '0');
  const ss = String(new Date(instant).getUTCSeconds()).padStart(2, '0');
  return `${local.date}T${local.time}:${ss}${sign}${hh}:${mm}`;
}

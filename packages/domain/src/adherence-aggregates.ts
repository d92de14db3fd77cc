import { adherenceRate, missedDoses, monthReportUpToNow, type MonthReportInput } from './adherence';
import { addDays, lastDayOfMonth } from './dates';
import { type DoseCell, sumCells } from './dose-cells';
import { slotNameForTime } from './dose-slots';
import { isDoseDay, slotFlagsOn } from './dose-schedule';
import { hasOwnTimes } from './own-times';
import { type PlanEntry, doseCellsByPlan } from './plan-history';

/** A calendar month, 'YYYY-MM'. */
export const MONTH_PATTERN = /^\d{4}-(0[1-9]|1[0-2])$/;

/**
 * A day of the calendar: all due doses taken, some, none, nothing was due (no course ran), or not
 * yet due (a later day, or today before its first dose time).
 */
export type DayStatus = 'all' | 'some' | 'none' | 'no-doses' | 'future';

export interface DoseCount {
  due: number;
  taken: number;
  /** Rounded percentage, null when nothing was due. */
  rate: number | null;
}
export interface DayAggregate extends DoseCount {
  date: string;
  status: DayStatus;
  /** Due doses skipped on purpose (decision 225): counted as not taken, shown apart. */
  skipped: number;
}
export interface MedicineAggregate extends DoseCount {
  medicineId: string;
  name: string;
}
export interface SlotAggregate extends DoseCount {
  slot: number;
  /** Morning/Afternoon/Evening/Night from the slot's default reminder time. */
  name: string;
  time: string | null;
}
export interface MonthTotals extends DoseCount {
  /** Due, not taken and not skipped on purpose (decision 225); null when nothing was due. */
  missed: number | null;
  /** Due doses skipped on purpose (decision 225): not taken, and not missed. */
  skipped: number;
}
export interface MonthAggregates extends RangeAggregates {
  month: string;
}
/**
 * Any span of days counted by the one rule: the month report is the span of a calendar month, the
 * doctor's report a span the user picks (decision 101). `cells` are each medicine's dose cells, in
 * the order of `medicines`, for reports that list every day and slot.
 */
export interface RangeAggregates {
  /** The spec's figures for the span so far: the sums over `medicines`. */
  totals: MonthTotals;
  days: DayAggregate[];
  medicines: MedicineAggregate[];
  slots: SlotAggregate[];
}
export interface AggregateItem extends MonthReportInput {
  medicineId: string;
  name: string;
  /** The history of its plan (decision 315): each past day counted by the plan of that day. */
  plans?: readonly PlanEntry[] | undefined;
}
export interface AggregateNow {
  today: string;
  nowMinutes: number;
  defaultReminderTimes: readonly string[];
  /** The saved zone: every-N-hours doses fall on local days by it (UTC when absent). */
  timeZone?: string;
}
export interface AggregateOptions extends AggregateNow {
  /** 'YYYY-MM' */
  month: string;
}
export interface RangeOptions extends AggregateNow {
  /** First and last day counted, 'YYYY-MM-DD' inclusive. */
  from: string;
  to: string;
}

/**
 * The one counting rule for any grouping (a day, a slot, a medicine): each medicine's cells in the
 * group are summed with taken capped at due (`sumCells`, the monthly report's rule), then the
 * medicines are added, so extra ticks of one medicine never hide the misses of another.
 */
function countWhere(cellsByItem: readonly DoseCell[][], keep: (cell: DoseCell) => boolean): DoseCount {
  let due = 0;
  let taken = 0;
  for (const cells of cellsByItem) {
    const sum = sumCells(cells.filter(keep));
    due += sum.due;
    taken += sum.taken;
  }
  return { due, taken, rate: adherenceRate(taken, due) };
}

function dayStatus(
  date: string,
  count: DoseCount,
  items: readonly AggregateItem[],
  today: string,
): DayStatus {
  if (date > today) return 'future';
  if (count.due === 0) {
    // Today before its first dose time: doses are coming, nothing is missed yet.
    const coming =
      date === today &&
      items.some(
        (i) =>
          isDoseDay(i.medicine, date) &&
          (i.medicine.schedule?.kind === 'interval' || slotFlagsOn(i.medicine, date).includes(1)),
      );
    return coming ? 'future' : 'no-doses';
  }
  if (count.taken >= count.due) return 'all';
  return count.taken > 0 ? 'some' : 'none';
}

/**
 * The Reports screen's month: `rangeAggregates` over the calendar month (decision 100), so the
 * medicines' sums are exactly `monthReportUpToNow`. Days after `today` are 'future'.
 */
export function monthAggregates(items: readonly AggregateItem[], options: AggregateOptions): MonthAggregates {
  const from = `${options.month}-01`;
  const { cells: _cells, ...figures } = rangeAggregates(items, {
    ...options,
    from,
    to: lastDayOfMonth(from),
  });
  return { month: options.month, ...figures };
}

/**
 * Per day, per medicine and per slot over `from`..`to`, every figure counted from the same dose
 * cells by the same rule (decision 100). Days after `today` are 'future' and count nothing.
 */
export function rangeAggregates(
  items: readonly AggregateItem[],
  options: RangeOptions,
): RangeAggregates & { cells: DoseCell[][] } {
  const { from, to } = options;
  const cellsByItem = items.map((item) => doseCellsByPlan(item.medicine, item.plans, item.history, options));

  const days: DayAggregate[] = [];
  for (let date = from; date <= to; date = addDays(date, 1)) {
    const count = countWhere(cellsByItem, (c) => c.date === date);
    let skipped = 0;
    for (const cells of cellsByItem) for (const c of cells) if (c.date === date && c.skipped) skipped += 1;
    days.push({ date, ...count, skipped, status: dayStatus(date, count, items, options.today) });
  }

  const medicines = items.map((item, i) => ({
    medicineId: item.medicineId,
    name: item.name,
    ...countWhere([cellsByItem[i] ?? []], () => true),
  }));

  const slots = slotBars(items, cellsByItem, options.defaultReminderTimes);

  const total = countWhere(cellsByItem, () => true);
  const skipped = cellsByItem.reduce((sum, cells) => sum + cells.filter((c) => c.skipped).length, 0);
  const missed = total.rate === null ? null : Math.max(0, missedDoses(total.taken, total.due) - skipped);
  return {
    totals: { ...total, missed, skipped },
    days,
    medicines,
    slots,
    cells: cellsByItem,
  };
}

/**
 * One bar per default reminder time, plus any slot that had a dose due after its time was removed,
 * plus one per own time of a medicine (decision 212) that is not a default time: a dose at a
 * medicine's own time counts in the bar of that time, never in the default slot of its index.
 */
function slotBars(
  items: readonly AggregateItem[],
  cellsByItem: readonly DoseCell[][],
  defaults: readonly string[],
): SlotAggregate[] {
  const ownTimes = [
    ...new Set(items.flatMap((item) => (hasOwnTimes(item.medicine) ? (item.medicine.doseTimes ?? []) : []))),
  ]
    .filter((time) => !defaults.includes(time))
    .sort();
  const dueSlots = cellsByItem.flatMap((cells, i) =>
    hasOwnTimes(items[i]!.medicine) ? [] : cells.filter((c) => c.due).map((c) => c.slot + 1),
  );
  const defaultBars = Math.max(defaults.length, ...dueSlots);
  // Each cell moved to its bar: its own time's, else its slot's.
  const barCells = cellsByItem.map((cells, i) => {
    const medicine = items[i]!.medicine;
    if (!hasOwnTimes(medicine)) return cells;
    return cells.map((cell) => {
      const time = medicine.doseTimes?.[cell.slot] ?? '';
      const byDefault = defaults.indexOf(time);
      return { ...cell, slot: byDefault >= 0 ? byDefault : defaultBars + ownTimes.indexOf(time) };
    });
  });
  const bar = (slot: number, time: string | null) => ({
    slot,
    name: time ? slotNameForTime(time) : `Slot ${slot + 1}`,
    time,
    ...countWhere(barCells, (c) => c.slot === slot),
  });
  return [
    ...Array.from({ length: defaultBars }, (_, slot) => bar(slot, defaults[slot] ?? null)),
    ...ownTimes.map((time, k) => bar(defaultBars + k, time)),
  ];
}

/** The month `by` months after 'YYYY-MM' (before, when negative). */
export function addMonths(month: string, by: number): string {
  const [year, mon] = month.split('-').map(Number) as [number, number];
  const index = year * 12 + (mon - 1) + by;
  return `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}`;
}

/** The `count` months ending with `month`, oldest first ('YYYY-MM'). */
export function monthsEndingWith(month: string, count: number): string[] {
  return Array.from({ length: count }, (_, i) => addMonths(month, i - (count - 1)));
}

export interface TrendPoint extends DoseCount {
  month: string;
}

/**
 * A month's adherence for the trend: `monthReportUpToNow` as of now for the current month, and
 * over every dose of the month for a past one. A month after today counts nothing.
 */
export function monthTrendPoint(
  items: readonly MonthReportInput[],
  month: string,
  now: { today: string; nowMinutes: number; defaultReminderTimes: readonly string[] },
): TrendPoint {
  const monthStart = `${month}-01`;
  const monthEnd = lastDayOfMonth(monthStart);
  if (monthStart > now.today) return { month, due: 0, taken: 0, rate: null };
  const past = monthEnd < now.today;
  const figures = monthReportUpToNow(items, {
    monthStart,
    today: past ? monthEnd : now.today,
    // A past month is over: every dose time of its last day has been reached.
    nowMinutes: past ? 24 * 60 : now.nowMinutes,
    defaultReminderTimes: now.defaultReminderTimes,
  });
  return { month, due: figures.expectedDoses, taken: figures.takenDoses, rate: figures.adherenceRate };
}

import {
  addDays,
  adherenceRate,
  expectedDoses,
  isCourseActiveOn,
  isSlotAvailable,
  missedDoses,
  parseFrequency,
  takenDoses,
  type AdherenceMedicine,
} from '@medrem/domain';

export interface MonthReportInput {
  medicine: AdherenceMedicine;
  history: readonly { date: string; taken: string }[];
}

export interface MonthReportFigures {
  adherenceRate: number | null;
  missedDoses: number | null;
  expectedDoses: number;
  takenDoses: number;
}

/**
 * Doses of `today` whose slot time has been reached: a dose later today is not yet due, so it is
 * neither expected nor missed (issue 3: count doses due up to now).
 */
export function dosesDueSoFarToday(
  medicine: AdherenceMedicine,
  today: string,
  nowMinutes: number,
  defaultReminderTimes: readonly string[],
): number {
  if (!isCourseActiveOn(medicine, today)) return 0;
  return parseFrequency(medicine.frequency).filter((flag, slot) => {
    const time = defaultReminderTimes[slot];
    return flag === 1 && time !== undefined && isSlotAvailable(time, nowMinutes);
  }).length;
}

/**
 * The month's report up to now: every dose due from the month start (or the course start) to
 * yesterday, plus today's doses whose time has come, against the doses taken in that span. A
 * medicine's taken count is capped at its due count so an extra tick cannot hide a missed dose.
 */
export function monthReportUpToNow(
  items: readonly MonthReportInput[],
  options: { monthStart: string; today: string; nowMinutes: number; defaultReminderTimes: readonly string[] },
): MonthReportFigures {
  const yesterday = addDays(options.today, -1);
  let expected = 0;
  let taken = 0;
  for (const { medicine, history } of items) {
    const due =
      expectedDoses(medicine, options.monthStart, yesterday) +
      dosesDueSoFarToday(medicine, options.today, options.nowMinutes, options.defaultReminderTimes);
    const inRange = history.filter((h) => h.date >= options.monthStart && h.date <= options.today);
    expected += due;
    taken += Math.min(takenDoses(inRange), due);
  }
  const rate = adherenceRate(taken, expected);
  return {
    adherenceRate: rate,
    missedDoses: rate === null ? null : missedDoses(taken, expected),
    expectedDoses: expected,
    takenDoses: taken,
  };
}

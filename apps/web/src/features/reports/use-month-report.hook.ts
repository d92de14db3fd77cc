import { i18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { Settings } from '@medrem/contract';
import {
  firstDayOfMonth,
  lastDayOfMonth,
  monthReportUpToNow,
  upcomingRefillCount,
  type MonthReportFigures,
  type ZonedNow,
} from '@medrem/domain';
import { useMemo } from 'react';
import { messageOf } from '../../lib/api-error';
import { trpc } from '../../lib/trpc';
import { useMedicines } from '../medicines/medicines.queries';
import { useRefillReminders } from '../refills/refills.queries';

export const NO_REPORT_DATA_MESSAGE = msg`You have no report data now!`;

export type MonthReportState =
  | { status: 'loading' }
  | { status: 'error'; message: string }
  | { status: 'ready'; figures: MonthReportFigures; upcomingRefills: number };

/**
 * Query keys: trpc medicine.history {id, from, to} per medicine (the month's first and last day),
 * plus medicine.list and medicine.refillReminders. All under `medicine.*`, so any medicine change
 * invalidates the report.
 */
export function useMonthReport(settings: Settings, now: ZonedNow): MonthReportState {
  const medicines = useMedicines();
  const reminders = useRefillReminders();
  const from = firstDayOfMonth(now.date);
  const to = lastDayOfMonth(now.date);
  const list = medicines.data ?? [];
  const histories = trpc.useQueries((t) => list.map((m) => t.medicine.history({ id: m.id, from, to })));
  const historyData = histories.map((h) => h.data);
  const times = settings.medicineDefaults.defaultReminderTimes;

  const figures = useMemo(
    () =>
      monthReportUpToNow(
        list.map((medicine, i) => ({ medicine, history: historyData[i]?.takenHistory ?? [] })),
        { monthStart: from, today: now.date, nowMinutes: now.minutes, defaultReminderTimes: times },
      ),
    // historyData is rebuilt each render; its items are stable query results.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [list, from, now.date, now.minutes, times, ...historyData],
  );

  const failed = medicines.error ?? histories.find((h) => h.isError)?.error ?? reminders.error;
  if (failed) return { status: 'error', message: messageOf(failed) ?? i18n._(NO_REPORT_DATA_MESSAGE) };
  if (medicines.isPending || reminders.isPending || histories.some((h) => h.isPending))
    return { status: 'loading' };
  return { status: 'ready', figures, upcomingRefills: upcomingRefillCount(reminders.data ?? []) };
}

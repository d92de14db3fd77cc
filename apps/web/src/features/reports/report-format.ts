import type { MessageDescriptor } from '@lingui/core';
import { msg, t } from '@lingui/core/macro';
import type { MonthAggregatesView } from '@medrem/contract';
import { formatDateTime } from '../../i18n/intl-formats';

export type DayStatus = MonthAggregatesView['days'][number]['status'];

/** 'YYYY-MM' → 'November 2026'. Calendar dates are read as UTC so no zone shifts them. */
export const monthLabel = (month: string) =>
  formatDateTime(
    new Date(`${month}-01T00:00:00Z`),
    { month: 'long', year: 'numeric', timeZone: 'UTC' },
    'en-US',
  );
export const shortMonthLabel = (month: string) =>
  formatDateTime(new Date(`${month}-01T00:00:00Z`), { month: 'short', timeZone: 'UTC' }, 'en-US');
/** 'YYYY-MM-DD' → 'November 12' (the spec's date locale is en-US). */
export const dayLabel = (date: string) =>
  formatDateTime(new Date(`${date}T00:00:00Z`), { day: 'numeric', month: 'long', timeZone: 'UTC' }, 'en-US');

export const rateLabel = (rate: number | null) =>
  rate === null ? '-' : t({ message: `${rate}%`, comment: 'An adherence rate in percent, e.g. "85%"' });

/** What a day's colour means, in words: the colour is never the only carrier. */
export function statusText(day: { status: DayStatus; due: number; taken: number; skipped?: number }): string {
  const { taken, due } = day;
  // A skipped dose (decision 225) is not taken, but said apart from the ones forgotten.
  const skipped = day.skipped ?? 0;
  switch (day.status) {
    case 'all':
      return t`all taken, ${taken} of ${due}`;
    case 'some':
      return skipped
        ? t`some taken, ${taken} of ${due}, ${skipped} skipped`
        : t`some taken, ${taken} of ${due}`;
    case 'none':
      return skipped ? t`none taken, 0 of ${due}, ${skipped} skipped` : t`none taken, 0 of ${due}`;
    case 'no-doses':
      return t`no doses`;
    case 'future':
      return t`not yet due`;
  }
}

/**
 * Colour, marker and pattern of each status. Text colours pass 4.5:1 on their fill (white on
 * green-700 5.0:1, white on red-700 6.5:1, amber-950 on amber-100, slate-700 on slate-100,
 * slate-600 on white); the marker and the striped "some" tell them apart without colour.
 */
export const STATUS_STYLE: Record<
  DayStatus,
  { legend: MessageDescriptor; marker: string; className: string }
> = {
  all: {
    legend: msg({ message: 'All taken', comment: "A day's doses in the report's calendar" }),
    marker: '✓',
    className: 'border-green-800 bg-green-700 text-white',
  },
  some: {
    legend: msg({ message: 'Some taken', comment: "A day's doses in the report's calendar" }),
    marker: '◐',
    className:
      'border-amber-700 bg-amber-100 text-amber-950 bg-[repeating-linear-gradient(135deg,transparent_0_5px,rgb(253_230_138)_5px_10px)]',
  },
  none: {
    legend: msg({ message: 'None taken', comment: "A day's doses in the report's calendar" }),
    marker: '✕',
    className: 'border-red-800 bg-red-700 text-white',
  },
  'no-doses': {
    legend: msg({ message: 'No doses', comment: "A day's doses in the report's calendar" }),
    marker: '–',
    className: 'border-slate-300 bg-slate-100 text-slate-700',
  },
  future: {
    legend: msg({ message: 'Not yet due', comment: "A day's doses in the report's calendar" }),
    marker: '',
    className: 'border-dashed border-slate-400 bg-white text-slate-600',
  },
};

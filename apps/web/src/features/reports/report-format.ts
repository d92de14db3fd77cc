import type { MonthAggregatesView } from '@medrem/contract';

export type DayStatus = MonthAggregatesView['days'][number]['status'];

const monthFormat = new Intl.DateTimeFormat('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' });
const shortMonthFormat = new Intl.DateTimeFormat('en-US', { month: 'short', timeZone: 'UTC' });
const dayFormat = new Intl.DateTimeFormat('en-US', { day: 'numeric', month: 'long', timeZone: 'UTC' });

/** 'YYYY-MM' → 'November 2026'. Calendar dates are read as UTC so no zone shifts them. */
export const monthLabel = (month: string) => monthFormat.format(new Date(`${month}-01T00:00:00Z`));
export const shortMonthLabel = (month: string) => shortMonthFormat.format(new Date(`${month}-01T00:00:00Z`));
/** 'YYYY-MM-DD' → 'November 12' (the spec's date locale is en-US). */
export const dayLabel = (date: string) => dayFormat.format(new Date(`${date}T00:00:00Z`));

export const rateLabel = (rate: number | null) => (rate === null ? '-' : `${rate}%`);

/** What a day's colour means, in words: the colour is never the only carrier. */
export function statusText(day: { status: DayStatus; due: number; taken: number; skipped?: number }): string {
  // A skipped dose (decision 225) is not taken, but said apart from the ones forgotten.
  const skipped = day.skipped ? `, ${day.skipped} skipped` : '';
  return dayStatusText(day) + (day.status === 'some' || day.status === 'none' ? skipped : '');
}

function dayStatusText(day: { status: DayStatus; due: number; taken: number }): string {
  switch (day.status) {
    case 'all':
      return `all taken, ${day.taken} of ${day.due}`;
    case 'some':
      return `some taken, ${day.taken} of ${day.due}`;
    case 'none':
      return `none taken, 0 of ${day.due}`;
    case 'no-doses':
      return 'no doses';
    case 'future':
      return 'not yet due';
  }
}

/**
 * Colour, marker and pattern of each status. Text colours pass 4.5:1 on their fill (white on
 * green-700 5.0:1, white on red-700 6.5:1, amber-950 on amber-100, slate-700 on slate-100,
 * slate-600 on white); the marker and the striped "some" tell them apart without colour.
 */
export const STATUS_STYLE: Record<DayStatus, { legend: string; marker: string; className: string }> = {
  all: { legend: 'All taken', marker: '✓', className: 'border-green-800 bg-green-700 text-white' },
  some: {
    legend: 'Some taken',
    marker: '◐',
    className:
      'border-amber-700 bg-amber-100 text-amber-950 bg-[repeating-linear-gradient(135deg,transparent_0_5px,rgb(253_230_138)_5px_10px)]',
  },
  none: { legend: 'None taken', marker: '✕', className: 'border-red-800 bg-red-700 text-white' },
  'no-doses': { legend: 'No doses', marker: '–', className: 'border-slate-300 bg-slate-100 text-slate-700' },
  future: {
    legend: 'Not yet due',
    marker: '',
    className: 'border-dashed border-slate-400 bg-white text-slate-600',
  },
};

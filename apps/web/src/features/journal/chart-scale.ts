import { msg } from '@lingui/core/macro';
import { addDays, daysBetween, zonedNow } from '@medrem/domain';
import { formatDateTime } from '../../i18n/intl-formats';

/**
 * The little arithmetic the journal's charts need (decision 305): a linear map and "nice" tick
 * values. Hand-written like the report charts' (decision 100): a scale library would be the only
 * reason to add tens of KiB to a screen that draws lines over a time axis.
 */

export const CHART_PERIODS = {
  '2w': {
    label: msg({ message: '2 weeks', comment: "A chart's period: the button that shows it" }),
    days: 14,
  },
  '3m': {
    label: msg({ message: '3 months', comment: "A chart's period: the button that shows it" }),
    days: 91,
  },
  '1y': {
    label: msg({ message: '1 year', comment: "A chart's period: the button that shows it" }),
    days: 365,
  },
} as const;
export type ChartPeriod = keyof typeof CHART_PERIODS;

/** Maps [d0, d1] onto [r0, r1]; a zero-width domain maps to the middle of the range. */
export function linearScale(domain: [number, number], range: [number, number]): (value: number) => number {
  const [d0, d1] = domain;
  const [r0, r1] = range;
  if (d1 === d0) return () => (r0 + r1) / 2;
  return (value) => r0 + ((value - d0) / (d1 - d0)) * (r1 - r0);
}

/** A step of 1, 2 or 5 × 10ⁿ that cuts [min, max] into about `count` parts. */
function niceStep(min: number, max: number, count: number): number {
  const raw = (max - min) / Math.max(1, count);
  const magnitude = 10 ** Math.floor(Math.log10(raw));
  const step = [1, 2, 5, 10].map((m) => m * magnitude).find((s) => s >= raw);
  return step ?? 10 * magnitude;
}

/**
 * The value axis: [low, high] widened to whole steps around every value given (readings and the
 * target range, so the shaded band is always on the chart), with the tick values.
 */
export function valueAxis(
  values: readonly number[],
  count = 4,
): { domain: [number, number]; ticks: number[] } {
  const finite = values.filter(Number.isFinite);
  if (finite.length === 0) return { domain: [0, 1], ticks: [0, 1] };
  let min = Math.min(...finite);
  let max = Math.max(...finite);
  if (min === max) {
    // One reading (or all equal): a band around it, so the line is not drawn on the frame.
    const pad = Math.abs(min) > 0 ? Math.abs(min) * 0.1 : 1;
    min -= pad;
    max += pad;
  }
  const step = niceStep(min, max, count);
  const low = Math.floor(min / step) * step;
  const high = Math.ceil(max / step) * step;
  const ticks: number[] = [];
  // Rounded to the step's decimals: 0.1 × 3 must read 0.3, not 0.30000000000000004.
  const decimals = Math.max(0, -Math.floor(Math.log10(step)));
  for (let tick = low; tick <= high + step / 2; tick += step) ticks.push(Number(tick.toFixed(decimals)));
  return { domain: [low, high], ticks };
}

/**
 * Where an instant falls on a chart's time axis: days since the first shown date's midnight, in the
 * person's zone (a reading at 08:00 sits a third into its day whatever the device's zone), so
 * readings and a day's doses share one axis.
 */
export function dayOffset(at: string, from: string, timeZone: string): number {
  const local = zonedNow(new Date(at), timeZone);
  return daysBetween(from, local.date) + local.minutes / 1440;
}

/** 'YYYY-MM-DD' → 'Dec 6' (calendar dates read as UTC so no zone shifts them). */
export const shortDayLabel = (date: string) =>
  formatDateTime(new Date(`${date}T00:00:00Z`), { month: 'short', day: 'numeric', timeZone: 'UTC' }, 'en-US');

/** About five dates spread over the period, the first and the last included. */
export function timeTicks(from: string, days: number): { date: string; offset: number }[] {
  const parts = 4;
  const ticks: { date: string; offset: number }[] = [];
  for (let i = 0; i <= parts; i += 1) {
    const offset = Math.round(((days - 1) * i) / parts);
    ticks.push({ date: addDays(from, offset), offset });
  }
  return ticks;
}

import { addDays, daysBetween } from './dates';

/**
 * The chart's series (issue 56, decision 301): every reading while a range is short enough to
 * draw each one, else one min/mean/max per day, so a year of twice-daily readings is 366 points,
 * not 730, and a chart answer stays one small read.
 */

/** Ranges of up to this many days show each reading; longer ones per-day aggregates. */
export const SERIES_RAW_MAX_DAYS = 92;

export type SeriesResolution = 'raw' | 'day' | 'week';

/** How a range of days (inclusive) is drawn. */
export function seriesResolution(from: string, to: string): SeriesResolution {
  return daysBetween(from, to) + 1 <= SERIES_RAW_MAX_DAYS ? 'raw' : 'day';
}

/** A reading as aggregated: its local day and its numbers per component. */
export interface DatedReading {
  date: string;
  values: Record<string, number>;
}

export interface ReadingBucket {
  /** The bucket's first day (the day itself, or a week's Monday). */
  date: string;
  count: number;
  mean: Record<string, number>;
  min: Record<string, number>;
  max: Record<string, number>;
}

/** The Monday of a date's week (ISO weeks: reports group readings by them). */
export function weekStartOf(date: string): string {
  const weekday = new Date(`${date}T00:00:00Z`).getUTCDay();
  return addDays(date, -((weekday + 6) % 7));
}

/**
 * Readings grouped by `bucketOf(date)`, in order of the bucket's date: count, and per component the
 * mean, lowest and highest. A component missing from some readings (an optional pulse) is counted
 * over those that have it and left out of a bucket where none has it.
 */
export function bucketReadings(
  readings: readonly DatedReading[],
  bucketOf: (date: string) => string = (date) => date,
): ReadingBucket[] {
  const buckets = new Map<
    string,
    { count: number; sums: Map<string, { sum: number; n: number; min: number; max: number }> }
  >();
  for (const reading of readings) {
    const key = bucketOf(reading.date);
    let bucket = buckets.get(key);
    if (!bucket) buckets.set(key, (bucket = { count: 0, sums: new Map() }));
    bucket.count += 1;
    for (const [component, value] of Object.entries(reading.values)) {
      const acc = bucket.sums.get(component);
      if (!acc) bucket.sums.set(component, { sum: value, n: 1, min: value, max: value });
      else {
        acc.sum += value;
        acc.n += 1;
        acc.min = Math.min(acc.min, value);
        acc.max = Math.max(acc.max, value);
      }
    }
  }
  return [...buckets.entries()]
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([date, bucket]) => {
      const mean: Record<string, number> = {};
      const min: Record<string, number> = {};
      const max: Record<string, number> = {};
      for (const [component, acc] of bucket.sums) {
        mean[component] = acc.sum / acc.n;
        min[component] = acc.min;
        max[component] = acc.max;
      }
      return { date, count: bucket.count, mean, min, max };
    });
}

import { formatDistance } from 'date-fns';
import { enUS } from 'date-fns/locale';
import { activeLocale } from '../../i18n/active-locale';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

const formats = new Map<string, Intl.RelativeTimeFormat>();

/**
 * "5 minutes ago" in the page's language (issue 54). English keeps date-fns's words as the panel
 * always wrote them ("about 1 hour ago", "less than a minute ago"); every other language says it
 * through `Intl.RelativeTimeFormat`, which costs no bundle, in the same steps: minutes, hours, days,
 * months, years.
 */
export function timeAgo(iso: string, now: number = Date.now()): string {
  const at = Date.parse(iso);
  const locale = activeLocale();
  if (locale === 'en') return formatDistance(at, now, { addSuffix: true, locale: enUS });
  let format = formats.get(locale);
  if (!format) {
    format = new Intl.RelativeTimeFormat(locale, { numeric: 'auto' });
    formats.set(locale, format);
  }
  const past = at - now; // negative for the past
  const size = Math.abs(past);
  const sign = Math.sign(past) || -1;
  if (size < MINUTE) return format.format(0, 'minute');
  if (size < 45 * MINUTE) return format.format(sign * Math.round(size / MINUTE), 'minute');
  if (size < DAY) return format.format(sign * Math.max(1, Math.round(size / HOUR)), 'hour');
  if (size < 30 * DAY) return format.format(sign * Math.round(size / DAY), 'day');
  if (size < 365 * DAY) return format.format(sign * Math.max(1, Math.round(size / (30 * DAY))), 'month');
  return format.format(sign * Math.round(size / (365 * DAY)), 'year');
}

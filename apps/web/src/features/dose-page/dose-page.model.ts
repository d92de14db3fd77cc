import { plural, t } from '@lingui/core/macro';
import type { DosePage } from '@medrem/contract';
import { postponedStateText, skipStateText, skipWhyText } from '../../i18n/domain-texts';
import { formatTimeOfDay } from '../../i18n/intl-formats';
import { formatDateTime } from '../../i18n/intl-formats';

/** '8:00 AM' and 'Sunday, December 6': the page's heading words for a dose. */
export function doseHeading(page: Pick<DosePage, 'slotName' | 'time' | 'date'>): {
  title: string;
  day: string;
} {
  // Noon UTC: the calendar date itself, whatever the device's zone.
  const day = formatDateTime(
    new Date(`${page.date}T12:00:00Z`),
    { weekday: 'long', month: 'long', day: 'numeric', timeZone: 'UTC' },
    'en-US',
  );
  const slotName = page.slotName;
  const time = formatTimeOfDay(page.time);
  return { title: t({ message: `${slotName} dose, ${time}`, comment: 'Morning dose, 8:00 AM' }), day };
}

type PageMedicine = DosePage['medicines'][number];

/**
 * The take button's words: 'Take it anyway' once every dose is settled and one was skipped (the
 * take ends the skip, decision 259); else 'Take all' while more than one medicine is not taken
 * (every dose of the slot at once), 'Take' for one.
 */
export function takeLabel(page: Pick<DosePage, 'medicines'>): string {
  const notTaken = page.medicines.filter((m) => !m.taken);
  if (notTaken.length > 0 && notTaken.every((m) => m.skipped)) return t`Take it anyway`;
  return notTaken.length > 1
    ? t({ message: 'Take all', comment: 'Button: mark every dose of the reminder as taken' })
    : t({ message: 'Take', comment: 'Button: mark the dose as taken' });
}

/** '8:05 AM' of an instant, in the device's zone (the phone the person holds). */
export const clockTime = (iso: string) =>
  formatDateTime(iso, { hour: 'numeric', minute: '2-digit' }, 'en-US');

/**
 * One medicine's state in words: 'Taken at 8:05 AM', 'Skipped — Felt unwell', 'Postponed to 9:30
 * AM' (decision 343), 'Not taken yet'.
 */
export function stateText(m: PageMedicine): string {
  if (m.taken) {
    if (!m.takenAt)
      return t({ message: 'Taken', context: 'a dose’s state', comment: 'A dose’s state: taken' });
    const time = clockTime(m.takenAt);
    return t`Taken at ${time}`;
  }
  if (m.skipped) return skipStateText(m.skipped);
  return m.postponedTo ? postponedStateText(m.postponedTo) : t`Not taken yet`;
}

/**
 * What the page says once nothing is left open (decision 259): taken (when) and that nothing more
 * is needed, or skipped (why) and that it may still be taken; null while a dose is open.
 */
export function settledText(page: Pick<DosePage, 'medicines'>): string | null {
  const { medicines } = page;
  if (medicines.some((m) => !m.taken && !m.skipped)) return null;
  const skipped = medicines.filter((m) => m.skipped);
  if (skipped.length === 0) {
    const last = medicines
      .map((m) => m.takenAt)
      .filter((at): at is string => Boolean(at))
      .sort()
      .at(-1);
    const time = last ? clockTime(last) : null;
    if (medicines.length > 1) {
      return time
        ? t`All taken at ${time}. Nothing more is needed for this dose.`
        : t`All taken. Nothing more is needed for this dose.`;
    }
    return time
      ? t`Taken at ${time}. Nothing more is needed for this dose.`
      : t`Taken. Nothing more is needed for this dose.`;
  }
  const why = skipped[0]!.skipped!;
  // The skip's reason and note, as the dose's state says them after its 'Skipped — '.
  const words = skipWhyText(why);
  const count = skipped.length;
  if (count === medicines.length) {
    return words
      ? t`Skipped (${words}). Nothing more is needed, unless you take it after all.`
      : t`Skipped. Nothing more is needed, unless you take it after all.`;
  }
  return words
    ? t`${plural(count, { one: '# skipped', other: '# skipped' })} (${words}). Nothing more is needed, unless you take it after all.`
    : t`${plural(count, { one: '# skipped', other: '# skipped' })}. Nothing more is needed, unless you take it after all.`;
}

/** A medicine as the reminder names it: 'Metformin (850 mg)'. */
export const medicineLabel = (m: { name: string; dosage: string }) =>
  m.dosage.trim() ? `${m.name} (${m.dosage.trim()})` : m.name;

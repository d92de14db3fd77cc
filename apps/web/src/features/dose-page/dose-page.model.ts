import type { DosePage } from '@medrem/contract';
import { formatTime12h, postponedText, skipText } from '@medrem/domain';

/** '8:00 AM' and 'Sunday, December 6': the page's heading words for a dose. */
export function doseHeading(page: Pick<DosePage, 'slotName' | 'time' | 'date'>): {
  title: string;
  day: string;
} {
  // Noon UTC: the calendar date itself, whatever the device's zone.
  const day = new Date(`${page.date}T12:00:00Z`).toLocaleDateString('en-US', {
    weekday: 'long',
    month: 'long',
    day: 'numeric',
    timeZone: 'UTC',
  });
  return { title: `${page.slotName} dose, ${formatTime12h(page.time)}`, day };
}

type PageMedicine = DosePage['medicines'][number];

/**
 * The take button's words: 'Take it anyway' once every dose is settled and one was skipped (the
 * take ends the skip, decision 259); else 'Take all' while more than one medicine is not taken
 * (every dose of the slot at once), 'Take' for one.
 */
export function takeLabel(page: Pick<DosePage, 'medicines'>): string {
  const notTaken = page.medicines.filter((m) => !m.taken);
  if (notTaken.length > 0 && notTaken.every((m) => m.skipped)) return 'Take it anyway';
  return notTaken.length > 1 ? 'Take all' : 'Take';
}

/** '8:05 AM' of an instant, in the device's zone (the phone the person holds). */
export const clockTime = (iso: string) =>
  new Date(iso).toLocaleTimeString('en-US', { hour: 'numeric', minute: '2-digit' });

/**
 * One medicine's state in words: 'Taken at 8:05 AM', 'Skipped — Felt unwell', 'Postponed to 9:30
 * AM' (decision 343), 'Not taken yet'.
 */
export function stateText(m: PageMedicine): string {
  if (m.taken) return m.takenAt ? `Taken at ${clockTime(m.takenAt)}` : 'Taken';
  if (m.skipped) return skipText(m.skipped);
  return m.postponedTo ? postponedText(m.postponedTo) : 'Not taken yet';
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
    const what = medicines.length > 1 ? 'All taken' : 'Taken';
    return `${what}${last ? ` at ${clockTime(last)}` : ''}. Nothing more is needed for this dose.`;
  }
  const why = skipped[0]!.skipped!;
  const words = skipText(why).replace(/^Skipped — /, '');
  const part = skipped.length === medicines.length ? 'Skipped' : `${skipped.length} skipped`;
  return `${part}${words === 'Skipped' ? '' : ` (${words})`}. Nothing more is needed, unless you take it after all.`;
}

/** A medicine as the reminder names it: 'Metformin (850 mg)'. */
export const medicineLabel = (m: { name: string; dosage: string }) =>
  m.dosage.trim() ? `${m.name} (${m.dosage.trim()})` : m.name;

import type { DosePage } from '@medrem/contract';
import { formatTime12h } from '@medrem/domain';

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

/** 'Take' for one medicine still open, 'Take all' for several (every dose of the slot at once). */
export function takeLabel(page: Pick<DosePage, 'medicines'>): string {
  return page.medicines.filter((m) => !m.taken).length > 1 ? 'Take all' : 'Take';
}

/** A medicine as the reminder names it: 'Metformin (850 mg)'. */
export const medicineLabel = (m: { name: string; dosage: string }) =>
  m.dosage.trim() ? `${m.name} (${m.dosage.trim()})` : m.name;

import { t } from '@lingui/core/macro';
import {
  TIME_PATTERN,
  deriveScheduledTimes,
  hasOwnTimes,
  losesDose,
  remapFlags,
  slotMapFrom,
} from '@medrem/domain';
import { formatTimeOfDay } from '../../i18n/intl-formats';

/** One row of the Default Reminder Times editor: its time and the saved slot it came from (null if new). */
export interface ReminderTimeRow {
  time: string;
  slot: number | null;
}

export interface PlanMedicine {
  id: string;
  name: string;
  frequency: string;
  /** Its own times (decision 212): then no default time's change moves or strands its doses. */
  doseTimes?: readonly string[] | null | undefined;
}

export interface FrequencyRemap {
  id: string;
  name: string;
  from: string;
  to: string;
}

export type ReminderTimesPlan =
  | { kind: 'invalid'; message: string }
  | { kind: 'blocked'; message: string }
  | {
      kind: 'ok';
      /** The new default times, sorted. */
      times: string[];
      /** For each new time, the saved slot it came from (null when new): the server remaps with it. */
      origins: (number | null)[];
      /** Medicines whose flags move because sorting or removal changed slot positions. */
      remaps: FrequencyRemap[];
      /** Medicines whose dose times really change, for the confirmation ('8:00 AM → 9:00 AM'). */
      moved: { name: string; from: string[]; to: string[] }[];
    };

const timesText = (times: readonly string[]) =>
  times.map(formatTimeOfDay).join(', ') ||
  t({ message: 'none', comment: 'No dose times (in a list of times)' });

/**
 * Previews a change of the default reminder times (decision 023) with the rules the server applies
 * (packages/domain reminder-times). A slot is identified by the row it came from, times are kept
 * sorted, and each medicine's frequency flags follow their slot to its new position, so that no
 * medicine silently moves to another time. Removing a slot that a medicine still takes is blocked,
 * naming the medicines; a slot whose time was edited moves its doses, which the caller confirms with
 * the user. The server does the remapping itself, in one transaction, from `origins`.
 */
export function planReminderTimes(
  previous: readonly string[],
  rows: readonly ReminderTimeRow[],
  all: readonly PlanMedicine[],
): ReminderTimesPlan {
  const medicines = all.filter((m) => !hasOwnTimes(m));
  const values = rows.map((r) => r.time);
  if (values.length === 0) return { kind: 'invalid', message: t`Keep at least one default reminder time.` };
  if (values.some((value) => !TIME_PATTERN.test(value))) {
    return { kind: 'invalid', message: t`Please enter every reminder time.` };
  }
  if (new Set(values).size !== values.length) {
    return { kind: 'invalid', message: t`Default reminder times must be different.` };
  }
  const sorted = [...rows].sort((a, b) => a.time.localeCompare(b.time));
  const times = sorted.map((r) => r.time);
  const origins = sorted.map((r) => r.slot);
  const newIndexOfSlot = slotMapFrom(origins);

  const stranded = medicines.filter((m) => losesDose(m.frequency, newIndexOfSlot));
  if (stranded.length > 0) {
    const removedTimes = timesText(previous.filter((_, slot) => !newIndexOfSlot.has(slot)));
    const medicineNames = stranded.map((m) => m.name).join(', ');
    return {
      kind: 'blocked',
      message: t`These medicines still take a dose at ${removedTimes}: ${medicineNames}. Change their frequency first.`,
    };
  }

  const remaps: FrequencyRemap[] = [];
  const moved: { name: string; from: string[]; to: string[] }[] = [];
  for (const medicine of medicines) {
    const to = remapFlags(medicine.frequency, newIndexOfSlot, times.length);
    if (to !== medicine.frequency)
      remaps.push({ id: medicine.id, name: medicine.name, from: medicine.frequency, to });
    const before = deriveScheduledTimes(medicine.frequency, previous);
    const after = deriveScheduledTimes(to, times);
    if (before.join() !== after.join()) moved.push({ name: medicine.name, from: before, to: after });
  }
  return { kind: 'ok', times, origins, remaps, moved };
}

/** The confirmation text naming the medicines whose dose times change. */
export function movedDosesMessage(moved: { name: string; from: string[]; to: string[] }[]): string {
  // A line names a medicine and its times, both not words of ours: "• Aspirin: 8:00 AM → 9:00 AM".
  const lines = moved.map((m) => `• ${m.name}: ${timesText(m.from)} → ${timesText(m.to)}`).join('\n');
  return t`This change moves the dose times of these medicines:\n${lines}\n\nDo you want to continue?`;
}

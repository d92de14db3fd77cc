import { randomUUID } from 'node:crypto';
import { reminderTextsFor } from '../reminder-texts';
import type { Intent } from './row-types';

/** What storeFresh keeps per notification: its user, intent, id and when it was due. */
interface Item {
  userId: string;
  intent: Intent;
  id: string;
  createdAt: Date;
  dueAt?: Date;
}

/**
 * One notification for the doses of a user due at one instant (decision 263): a default slot's
 * reminder, and those of medicines timed on their own (own times, every N hours) whose rows fired
 * in the same transaction. Each keeps its own dedupe key (recorded before, so only reminders not
 * yet delivered are merged); the notification takes the slot's key, tag and snooze when there is
 * a slot, and its 'Take all' names every dose (`dose.also`). A merged notification gets a new id and
 * no prepared push: what was prepared ahead was for one of its parts. Anything else is returned as
 * it came, in its order.
 */
export function groupSameMinute<T extends Item>(items: T[]): T[] {
  const groups = new Map<string, T[]>();
  for (const item of items) {
    if (!item.intent.sameMinute || !item.intent.dose) continue;
    // Reminders with reminders, follow-ups with follow-ups (decision 227's words differ).
    const phase = item.intent.sameMinute.followUp ? 'followup' : 'reminder';
    const at = `${item.userId}|${(item.dueAt ?? item.createdAt).getTime()}|${phase}`;
    const group = groups.get(at);
    if (group) group.push(item);
    else groups.set(at, [item]);
  }
  const replaced = new Map<T, T | null>();
  for (const group of groups.values()) {
    // The doses timed on their own in the order of their words, whichever order the rows were
    // claimed in. At most one default slot per instant leads; without one, the first of them.
    const line = (i: T) => i.intent.sameMinute!.lines.join(', ');
    const own = group.filter((i) => i.intent.dose!.medicineId).sort((a, b) => line(a).localeCompare(line(b)));
    const base = group.find((i) => !i.intent.dose!.medicineId) ?? own[0]!;
    const others = own.filter((i) => i !== base);
    if (others.length === 0) continue;
    replaced.set(base, merged(base, others));
    for (const other of others) replaced.set(other, null);
  }
  if (replaced.size === 0) return items;
  return items.flatMap((item) => {
    if (!replaced.has(item)) return [item];
    const instead = replaced.get(item);
    return instead ? [instead] : [];
  });
}

function merged<T extends Item>(base: T, others: T[]): T {
  const lines = [base, ...others].flatMap((i) => i.intent.sameMinute!.lines);
  const { localTime, followUp } = base.intent.sameMinute!;
  const dose = base.intent.dose!;
  // One user's own reminders: in their language, which each of them carries.
  const texts = reminderTextsFor(base.intent.language);
  const intent: Intent = {
    language: base.intent.language,
    key: base.intent.key,
    type: 'reminder',
    title: followUp
      ? texts.followUpSlotTitle(lines.length, localTime)
      : texts.slotTitle(lines.length, localTime),
    message: followUp ? texts.followUpBody(texts.lines(lines)) : texts.lines(lines),
    medicineName: null,
    dose: {
      ...dose,
      // Led by a dose timed on its own (no slot at this minute): its snooze would snooze that one
      // dose of the several named (decision 251 snoozes one medicine's dose), so none is offered.
      snoozable: dose.medicineId ? false : dose.snoozable,
      count: lines.length,
      also: others.map((o) => ({ medicineId: o.intent.dose!.medicineId!, slot: o.intent.dose!.slot })),
    },
    mergedKeys: others.map((o) => o.intent.key),
  };
  const { prepared: _prepared, ...rest } = base as T & { prepared?: unknown };
  return { ...rest, id: randomUUID(), intent } as unknown as T;
}

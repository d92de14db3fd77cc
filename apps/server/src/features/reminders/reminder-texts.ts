import { type SlotName, countText, formatTime12h } from '@medrem/domain';

/** The words users see (spec sections 3, 4 and 8). */
export const reminderTexts = {
  doseTitle: (slot: SlotName) => `Time for your ${slot} dose`,
  /** One notification for a slot's medicines (issue 53): '3 medicines at 8:00 AM'. */
  slotTitle: (count: number, time: string) => `${count} medicines at ${formatTime12h(time)}`,
  medicineLine: (m: { name: string; dosage: string }) =>
    m.dosage.trim() ? `${m.name} (${m.dosage.trim()})` : m.name,
  intervalTitle: (name: string) => `Time for your ${name} dose`,
  // countText: 'Every 1 hour', 'Every 1.5 hours' (decision 196 allows both).
  intervalBody: (line: string, hours: number, clockChanged: boolean) =>
    clockChanged
      ? `${line}. Every ${countText(hours, 'hour')}: the clocks changed, so this dose keeps ${countText(hours, 'real hour')} from the last.`
      : `${line}. Every ${countText(hours, 'hour')}.`,
  // A follow-up says it is a repeat (decision 227).
  followUpTitle: (slot: SlotName) => `Still to take: your ${slot} dose`,
  followUpSlotTitle: (count: number, time: string) =>
    `Still to take: ${count} medicines at ${formatTime12h(time)}`,
  followUpBody: (lines: string) => lines,
  intervalFollowUpTitle: (name: string) => `Still to take: your ${name} dose`,
  // A postponed dose (decision 316) says from when, so the planned time is not mistaken.
  postponedBody: (line: string, planned: string) => `${line}. Postponed from ${formatTime12h(planned)}.`,
  headsUpTitle: (slot: SlotName) => `Upcoming ${slot} dose`,
  headsUpBody: (minutes: number, lines: string) => `In ${minutes} minutes: ${lines}`,
  missedTitle: 'Missed Dose',
  missedBody: (name: string) => `You missed your dose of ${name}. Please take it as soon as possible.`,
  refillTitle: 'Refill Reminder',
  refillBody: (name: string) => `${name} is running low. Please refill your prescription.`,
  careMissedTitle: (patient: string) => `${patient} has not taken a dose`,
  careMissedBody: (patient: string, medicine: string, slot: SlotName, time: string) =>
    `${medicine}, ${slot} dose at ${time}: still not taken. ${patient} was reminded first.`,
  careRefillTitle: (patient: string) => `Refill needed for ${patient}`,
  careRefillBody: (patient: string, medicine: string) => `${patient}'s ${medicine} is running low.`,
  expiryTitle: (days: number) =>
    days === 0 ? 'A pack expires today' : `A pack expires in ${days} ${days === 1 ? 'day' : 'days'}`,
  expiryBody: (name: string, expiresOn: string, batch: string | null) =>
    `${name}${batch ? ` (batch ${batch})` : ''}: use by ${expiresOn}. Open the cabinet to see what is on hand.`,
  // Decision 331: a measurement reminder names the type; its follow-up says it is a repeat.
  measureTitle: (label: string) => `Time to measure: ${label}`,
  measureFollowUpTitle: (label: string) => `Still to measure: ${label}`,
  measureBody: (time: string) => `Your ${formatTime12h(time)} reading. Tap to enter it.`,
  summaryTitle: 'Daily Summary',
  summaryBody: (taken: number, due: number, day: 'Today' | 'Yesterday' = 'Today') =>
    `${day} you took ${taken} of ${due} ${due === 1 ? 'dose' : 'doses'}.`,
  takenMessage: (names: string[]) => `${names.join(', ')} marked as taken!`,
  skippedMessage: (names: string[]) => `${names.join(', ')} skipped.`,
  /** The dose page's Postpone (decision 343): 'Metformin postponed to 9:30 PM.' */
  postponedMessage: (names: string[], to: string) => `${names.join(', ')} postponed to ${formatTime12h(to)}.`,
  snoozedMessage: (minutes: number) => `Snoozed: we will remind you again in ${minutes} minutes.`,
} as const;

import type { SlotName } from '@medrem/domain';
import { type MessageId, type MessageValues, translate } from '../../i18n/server-catalogs';
import { dateText, listText, timeText } from '../../i18n/server-formats';
import { SOURCE_LANGUAGE, type TextLanguage, perLanguage, textLanguageOf } from '../../i18n/server-language';

/**
 * The words of reminders, follow-ups, alerts and the notification buttons (spec sections 3, 4 and
 * 8), in the reader's language (issue 54, decision 364: the messages are in
 * src/i18n/messages/*.json, `reminder.*` and `push.*`). The engine writes each text for its
 * recipient: the patient's in theirs, a caregiver's alert in the caregiver's.
 */
function textsIn(language: TextLanguage) {
  const t = (id: MessageId, values?: MessageValues) => translate(language.locale, id, values);
  const time = (hhmm: string) => timeText(hhmm, language);
  const list = (items: readonly string[]) => listText(items, language);
  return {
    language,
    doseTitle: (slot: SlotName) => t('reminder.doseTitle', { slot }),
    /** One notification for a slot's medicines (issue 53): '3 medicines at 8:00 AM'. */
    slotTitle: (count: number, at: string) => t('reminder.slotTitle', { count, time: time(at) }),
    medicineLine: (m: { name: string; dosage: string }) =>
      m.dosage.trim() ? t('reminder.medicineLine', { name: m.name, dosage: m.dosage.trim() }) : m.name,
    /** The medicines of one notification, in one line. */
    lines: (lines: readonly string[]) => list(lines),
    intervalTitle: (name: string) => t('reminder.intervalTitle', { name }),
    // 'Every 1 hour', 'Every 1.5 hours' (decision 196 allows both).
    intervalBody: (line: string, hours: number, clockChanged: boolean) =>
      t(clockChanged ? 'reminder.intervalBodyClockChanged' : 'reminder.intervalBody', { line, hours }),
    // A follow-up says it is a repeat (decision 227).
    followUpTitle: (slot: SlotName) => t('reminder.followUpTitle', { slot }),
    followUpSlotTitle: (count: number, at: string) =>
      t('reminder.followUpSlotTitle', { count, time: time(at) }),
    followUpBody: (lines: string) => lines,
    intervalFollowUpTitle: (name: string) => t('reminder.intervalFollowUpTitle', { name }),
    // A postponed dose (decision 316) says from when, so the planned time is not mistaken.
    postponedBody: (line: string, planned: string) =>
      t('reminder.postponedBody', { line, time: time(planned) }),
    headsUpTitle: (slot: SlotName) => t('reminder.headsUpTitle', { slot }),
    headsUpBody: (minutes: number, lines: string) => t('reminder.headsUpBody', { minutes, lines }),
    missedTitle: t('reminder.missedTitle'),
    missedBody: (name: string) => t('reminder.missedBody', { name }),
    refillTitle: t('reminder.refillTitle'),
    refillBody: (name: string) => t('reminder.refillBody', { name }),
    careMissedTitle: (patient: string) => t('reminder.careMissedTitle', { patient }),
    careMissedBody: (patient: string, medicine: string, slot: SlotName, at: string) =>
      t('reminder.careMissedBody', { patient, medicine, slot, time: time(at) }),
    careRefillTitle: (patient: string) => t('reminder.careRefillTitle', { patient }),
    careRefillBody: (patient: string, medicine: string) =>
      t('reminder.careRefillBody', { patient, medicine }),
    expiryTitle: (days: number) => t('reminder.expiryTitle', { days }),
    expiryBody: (name: string, expiresOn: string, batch: string | null) =>
      batch
        ? t('reminder.expiryBodyWithBatch', { name, batch, date: dateText(expiresOn, language) })
        : t('reminder.expiryBody', { name, date: dateText(expiresOn, language) }),
    // Decision 331: a measurement reminder names the type; its follow-up says it is a repeat.
    measureTitle: (label: string) => t('reminder.measureTitle', { label }),
    measureFollowUpTitle: (label: string) => t('reminder.measureFollowUpTitle', { label }),
    measureBody: (at: string) => t('reminder.measureBody', { time: time(at) }),
    summaryTitle: t('reminder.summaryTitle'),
    summaryBody: (taken: number, due: number, day: 'Today' | 'Yesterday' = 'Today') =>
      t('reminder.summaryBody', { taken, due, day: day === 'Today' ? 'today' : 'yesterday' }),
    takenMessage: (names: string[]) => t('reminder.takenMessage', { names: list(names) }),
    skippedMessage: (names: string[]) => t('reminder.skippedMessage', { names: list(names) }),
    /** The dose page's Postpone (decision 343): 'Metformin postponed to 9:30 PM.' */
    postponedMessage: (names: string[], to: string) =>
      t('reminder.postponedMessage', { names: list(names), time: time(to) }),
    snoozedMessage: (minutes: number) => t('reminder.snoozedMessage', { minutes }),
    /** The notification's buttons (the contract's PUSH_ACTIONS and TAKE_ALL_TITLE in English). */
    takeAction: t('push.actionTake'),
    takeAllAction: t('push.actionTakeAll'),
    snoozeAction: t('push.actionSnooze'),
  };
}

export type ReminderTexts = ReturnType<typeof textsIn>;

/** The texts for a reader in `language` (made once per language and clock). */
export const reminderTextsFor: (language?: TextLanguage) => ReminderTexts = perLanguage(textsIn);

/** The texts for the reader whose settings (locale and clock) these are. */
export function textsOf(settings: Parameters<typeof textLanguageOf>[0]): ReminderTexts {
  return reminderTextsFor(textLanguageOf(settings));
}

/** The spec's English texts (for readers who never chose a language, and for tests). */
export const reminderTexts = reminderTextsFor(SOURCE_LANGUAGE);

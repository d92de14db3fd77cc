import type { Notification } from '@medrem/contract';

/** Where a notification is about, as a route and the id of the section to scroll to. */
export interface NotificationTarget {
  to: '/' | '/care';
  hash?: string;
  label: string;
}

/** The dashboard's sections (ids of their headings, features/dashboard and features/refills). */
export const TODAY_DOSES_ID = 'today-doses-title';
export const REFILLS_ID = 'refills-title';

/**
 * One rule for "open what it is about", used by the bell and the in-app reminder (decision 199):
 * a dose reminder or a missed dose opens today's doses, a refill the refill panel, and an alert
 * about a medicine that is not the user's own (a caregiver's alert about the person they look
 * after, decision 140) opens the care view. A stored notification names its medicine, not who
 * owns it, hence the user's own medicine names; only someone who cares for others can get an
 * alert about a medicine not theirs (a medicine just added elsewhere may not be listed yet).
 */
export function notificationTarget(
  notification: Pick<Notification, 'type' | 'medicineName'>,
  ownMedicineNames: ReadonlySet<string>,
  caresForSomeone = true,
): NotificationTarget {
  const { type, medicineName } = notification;
  const someoneElses = caresForSomeone && medicineName !== null && !ownMedicineNames.has(medicineName);
  if (someoneElses && (type === 'missed_dose' || type === 'refill')) {
    return { to: '/care', label: 'Open care' };
  }
  if (type === 'refill') return { to: '/', hash: REFILLS_ID, label: 'Show refills' };
  if (type === 'reminder' || type === 'missed_dose') {
    return { to: '/', hash: TODAY_DOSES_ID, label: 'Show dose' };
  }
  return { to: '/', label: 'Open' };
}

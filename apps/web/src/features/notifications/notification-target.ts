import { i18n, type MessageDescriptor } from '@lingui/core';
import { msg, t } from '@lingui/core/macro';
import type { Notification } from '@medrem/contract';

/**
 * Where a notification is about: a route and the id of the section to scroll to, or the page it
 * names itself (`href`, a path and query of this app: decision 346).
 */
export type NotificationTarget =
  { to: '/' | '/care'; hash?: string; href?: undefined; label: string } | { href: string; label: string };

/** The dashboard's sections (ids of their headings, features/dashboard and features/refills). */
export const TODAY_DOSES_ID = 'today-doses-title';
export const REFILLS_ID = 'refills-title';

/** The words of the button that opens a stored link, by its page (messages, translated when used). */
const LINK_LABELS: Record<string, MessageDescriptor> = {
  '/journal': msg`Enter reading`,
  '/care': msg`Open care`,
  '/cabinet': msg`Open cabinet`,
};

/**
 * The page a notification names itself, when it is one of this app's (a path, not another
 * origin's): a measurement reminder's reading page, a pack's cabinet (decision 346). A list kept
 * on the device from before the field has none.
 */
function storedLink(link: string | null | undefined): NotificationTarget | null {
  if (!link || !link.startsWith('/') || link.startsWith('//')) return null;
  const path = link.split(/[?#]/, 1)[0]!;
  const label = LINK_LABELS[path];
  return {
    href: link,
    label: label
      ? i18n._(label)
      : t({ message: 'Open', comment: 'Button: open what a notification is about' }),
  };
}

/**
 * One rule for "open what it is about", used by the bell and the in-app reminder (decision 199):
 * a dose reminder or a missed dose opens today's doses, a refill the refill panel, and an alert
 * about a medicine that is not the user's own (a caregiver's alert about the person they look
 * after, decision 140) opens the care view. A stored notification names its medicine, not who
 * owns it, hence the user's own medicine names; only someone who cares for others can get an
 * alert about a medicine not theirs (a medicine just added elsewhere may not be listed yet).
 * A notification that names its page (its push's own link, decision 346) opens that page first:
 * a measurement reminder is a 'reminder' without a medicine, and its page is the reading's.
 */
export function notificationTarget(
  notification: Pick<Notification, 'type' | 'medicineName'> & { link?: string | null },
  ownMedicineNames: ReadonlySet<string>,
  caresForSomeone = true,
): NotificationTarget {
  const named = storedLink(notification.link);
  if (named) return named;
  const { type, medicineName } = notification;
  const someoneElses = caresForSomeone && medicineName !== null && !ownMedicineNames.has(medicineName);
  if (someoneElses && (type === 'missed_dose' || type === 'refill')) {
    return { to: '/care', label: t`Open care` };
  }
  if (type === 'refill') return { to: '/', hash: REFILLS_ID, label: t`Show refills` };
  if (type === 'reminder' || type === 'missed_dose') {
    return { to: '/', hash: TODAY_DOSES_ID, label: t`Show dose` };
  }
  return { to: '/', label: t({ message: 'Open', comment: 'Button: open what a notification is about' }) };
}

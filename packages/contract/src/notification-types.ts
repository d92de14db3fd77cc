/** The kinds of notification (spec section 3); anything else the server stores reads as generic. */
export const NOTIFICATION_TYPES = ['reminder', 'missed_dose', 'refill', 'success', 'generic'] as const;
export type NotificationType = (typeof NOTIFICATION_TYPES)[number];

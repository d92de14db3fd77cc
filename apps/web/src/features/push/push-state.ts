import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';

/**
 * This device's true push state (decision 197), shared by the shell's notice and Settings →
 * Notifications: the account's "Push Notifications" switch says what the user wants, this says
 * whether this device can deliver it.
 */
export type DevicePushState =
  'checking' | 'subscribed' | 'not-asked' | 'denied' | 'unsupported' | 'insecure' | 'failed';

let current: DevicePushState = 'checking';
const listeners = new Set<() => void>();

export const devicePushState = {
  subscribe: (listener: () => void): (() => void) => {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  current: (): DevicePushState => current,
  set: (next: DevicePushState): void => {
    if (next === current) return;
    current = next;
    listeners.forEach((listener) => listener());
  },
};

/**
 * What each state means to the user, and what to do about it (null: nothing more to say). Messages,
 * translated where shown (`t(descriptor)`), so that they follow the page's language.
 */
export const DEVICE_PUSH_TEXT: Record<
  DevicePushState,
  { title: MessageDescriptor; detail: MessageDescriptor | null }
> = {
  checking: { title: msg`Checking this device…`, detail: null },
  subscribed: {
    title: msg`Reminders are on for this device`,
    detail: msg`This device receives reminder notifications.`,
  },
  'not-asked': {
    title: msg`Reminders are not on for this device yet`,
    detail: msg`Tap the button and allow notifications when your browser asks.`,
  },
  denied: {
    title: msg`Notifications are blocked on this device`,
    detail: msg`Your browser blocks notifications for this site. Allow them in the browser’s site settings, then come back here.`,
  },
  unsupported: {
    title: msg`This browser cannot show reminder notifications`,
    detail: msg`On iPhone and iPad, add Medicine Reminder to the Home Screen (Share → Add to Home Screen) and open it from there.`,
  },
  insecure: {
    title: msg`Not a secure connection`,
    detail: msg`This page was opened over plain HTTP, so reminders and offline use are off on this device. Open the app through an HTTPS address (ask whoever runs the server).`,
  },
  failed: {
    title: msg`This device could not be registered for reminders`,
    detail: msg`Subscribing to notifications failed. Check your connection and try again.`,
  },
};

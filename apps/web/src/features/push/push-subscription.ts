/**
 * Registers this browser for Web Push: subscribes with the server's VAPID key and sends the
 * subscription, serialised as JSON, as the spec's tokenForNotification. Permission is asked only
 * when `ask` is set, that is from a tap (decision 197): iOS refuses a request made without one,
 * and other browsers quietly block a site that asks on load. Whatever happens ends in one
 * DevicePushState, the device's true state that Settings and the shell show.
 */
import type { DevicePushState } from './push-state';

export interface PushRegistrationDeps {
  vapidPublicKey(): Promise<string>;
  saveToken(tokenForNotification: string): Promise<unknown>;
}

/** How long to wait for the service worker before calling the subscription failed. */
const WORKER_WAIT_MS = 10_000;

export function urlBase64ToUint8Array(base64Url: string): Uint8Array<ArrayBuffer> {
  const base64 = (base64Url + '='.repeat((4 - (base64Url.length % 4)) % 4))
    .replace(/-/g, '+')
    .replace(/_/g, '/');
  const raw = atob(base64);
  const bytes = new Uint8Array(new ArrayBuffer(raw.length));
  for (let i = 0; i < raw.length; i += 1) bytes[i] = raw.charCodeAt(i);
  return bytes;
}

function sameKey(a: ArrayBuffer | null, b: Uint8Array): boolean {
  if (!a || a.byteLength !== b.byteLength) return false;
  const view = new Uint8Array(a);
  return view.every((byte, i) => byte === b[i]);
}

export function pushSupported(): boolean {
  return (
    typeof navigator !== 'undefined' &&
    'serviceWorker' in navigator &&
    typeof window !== 'undefined' &&
    'PushManager' in window &&
    'Notification' in window
  );
}

/**
 * What can be told without asking anything: not a secure context (plain HTTP on a LAN address has
 * no service worker, so neither push nor offline), no Web Push, blocked, or not asked yet. Null when
 * permission is granted and only subscribing can tell the rest.
 */
export function pushPrecondition(): DevicePushState | null {
  if (typeof window !== 'undefined' && window.isSecureContext === false) return 'insecure';
  if (!pushSupported()) return 'unsupported';
  if (Notification.permission === 'denied') return 'denied';
  if (Notification.permission === 'default') return 'not-asked';
  return null;
}

async function serviceWorker(): Promise<ServiceWorkerRegistration | null> {
  const timeout = new Promise<null>((resolve) => setTimeout(() => resolve(null), WORKER_WAIT_MS));
  return Promise.race([navigator.serviceWorker.ready, timeout]);
}

export async function registerForPush(
  deps: PushRegistrationDeps,
  { ask }: { ask: boolean },
): Promise<DevicePushState> {
  const before = pushPrecondition();
  if (before && !(before === 'not-asked' && ask)) return before;
  try {
    if (before === 'not-asked') {
      const answer = await Notification.requestPermission();
      if (answer !== 'granted') return answer === 'denied' ? 'denied' : 'not-asked';
    }
    const registration = await serviceWorker();
    if (!registration) return 'failed';
    const key = urlBase64ToUint8Array(await deps.vapidPublicKey());
    let subscription = await registration.pushManager.getSubscription();
    if (subscription && !sameKey(subscription.options.applicationServerKey, key)) {
      await subscription.unsubscribe();
      subscription = null;
    }
    subscription ??= await registration.pushManager.subscribe({
      userVisibleOnly: true,
      applicationServerKey: key,
    });
    await deps.saveToken(JSON.stringify(subscription.toJSON()));
    return 'subscribed';
  } catch (error) {
    console.warn('Could not get a push token; this device will not receive push reminders.', error);
    return 'failed';
  }
}

/**
 * Registers this browser for Web Push once the user is signed in: asks for permission, subscribes
 * with the server's VAPID key and sends the subscription, serialised as JSON, as the spec's
 * tokenForNotification. Spec: no token without permission (a warning is logged); a failure to get
 * one is logged and nothing is saved.
 */
export type PushRegistrationResult = 'subscribed' | 'denied' | 'unsupported' | 'failed';

export interface PushRegistrationDeps {
  vapidPublicKey(): Promise<string>;
  saveToken(tokenForNotification: string): Promise<unknown>;
}

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

export async function registerForPush(deps: PushRegistrationDeps): Promise<PushRegistrationResult> {
  if (!pushSupported()) return 'unsupported';
  try {
    const permission =
      Notification.permission === 'default'
        ? await Notification.requestPermission()
        : Notification.permission;
    if (permission !== 'granted') {
      console.warn('Notification permission was not granted; this device will not receive push reminders.');
      return 'denied';
    }
    const registration = await navigator.serviceWorker.getRegistration('/');
    if (!registration) return 'unsupported'; // dev server without the worker
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

import { type PushContent, pushContentOf, receivedPushSchema } from '@medrem/contract/push-payload';
import { ENGLISH_WORKER_TEXTS, type WorkerTexts } from './worker-texts';

/**
 * Web Push in the service worker: a push shows the reminder with 'Mark as taken' and 'Snooze 10 min'
 * (tag per dose, so a resend or a snoozed repeat replaces it); a button posts the push's signed
 * action token to the API without opening the app; a click on the notification opens its link: a
 * reminder's dose page (decision 241), which hands over to the dashboard when someone is signed in.
 * The payload is a declarative push message (decision 242): a browser that shows those itself does
 * so without this worker. Its words, tag and link are carried once, in the declarative
 * `notification` (decision 262); this worker reads them there, and still reads the first shape,
 * where they were its own members.
 *
 * Typed structurally (not with the WebWorker lib) so it compiles in the app's build as well; sw.ts
 * passes `self`.
 */
export interface PushWorkerScope {
  location: { origin: string };
  registration: {
    showNotification(title: string, options?: NotificationOptions): Promise<void>;
    getNotifications(filter?: { tag?: string }): Promise<readonly unknown[]>;
  };
  clients: {
    matchAll(options?: { type?: 'window'; includeUncontrolled?: boolean }): Promise<readonly unknown[]>;
    openWindow(url: string): Promise<unknown>;
  };
  addEventListener(type: string, listener: (event: Event) => void): void;
}

interface PushEventLike extends Event {
  data: { json(): unknown; text(): string } | null;
  waitUntil(promise: Promise<unknown>): void;
}

interface NotificationEventLike extends Event {
  action: string;
  notification: { data: unknown; tag: string; close(): void };
  waitUntil(promise: Promise<unknown>): void;
}

interface WindowClientLike {
  url: string;
  focus(): Promise<unknown>;
  navigate?(url: string): Promise<unknown>;
}

/** What the notification keeps for its click: where to go (the dose page) and the action tokens. */
interface NotificationData {
  url: string;
  tokens: Partial<Record<'take' | 'snooze', string>>;
}

const FALLBACK_TITLE = 'Medicine Reminder';
const ICON = '/icons/icon-192.png';

/**
 * The reminder inside a push: our JSON, or an FCM data message carrying it as `data.payload`, in
 * either shape. Anything that is not the contract's payload (an unknown action, a link off this app)
 * is refused, and the caller shows a plain notification instead. The link is reduced to its path on
 * this worker's origin: an absolute `navigate` is the app's PUBLIC_URL, and a push never opens
 * another site.
 */
export function readPushPayload(raw: unknown, origin: string): PushContent | null {
  let value = raw;
  const fcm = (value as { data?: { payload?: unknown } } | null)?.data?.payload;
  if (typeof fcm === 'string') {
    try {
      value = JSON.parse(fcm);
    } catch {
      return null;
    }
  }
  // The contract's own schema: the same definition the server builds the payload from.
  const parsed = receivedPushSchema.safeParse(value);
  if (!parsed.success) return null;
  const content = pushContentOf(parsed.data);
  let link: URL;
  try {
    link = new URL(content.link, origin);
  } catch {
    return null;
  }
  return { ...content, link: `${link.pathname}${link.search}${link.hash}` };
}

/** The options of the shown notification: both buttons when the push offers them. */
export function notificationOptionsFor(payload: PushContent): NotificationOptions & Record<string, unknown> {
  const data: NotificationData = {
    url: payload.link,
    tokens: Object.fromEntries(payload.actions.map((a) => [a.action, a.token])),
  };
  return {
    body: payload.body,
    icon: ICON,
    badge: ICON,
    data,
    ...(payload.tag ? { tag: payload.tag, renotify: true } : {}),
    actions: payload.actions.map((a) => ({ action: a.action, title: a.title })),
    timestamp: Date.parse(payload.createdAt) || Date.now(),
  };
}

/** waitUntil throws for events a script dispatched (tests do that); the work still runs. */
function keepAlive(event: { waitUntil(promise: Promise<unknown>): void }, work: Promise<unknown>): void {
  try {
    event.waitUntil(work);
  } catch {
    void work;
  }
}

async function openLink(scope: PushWorkerScope, url: string): Promise<void> {
  const target = new URL(url, scope.location.origin).href;
  const windows = (await scope.clients.matchAll({
    type: 'window',
    includeUncontrolled: true,
  })) as WindowClientLike[];
  const open = windows.find((w) => new URL(w.url).origin === scope.location.origin);
  if (open) {
    await open.focus();
    if (open.url !== target) await open.navigate?.(target);
    return;
  }
  await scope.clients.openWindow(target);
}

/**
 * Shows the answer to a pressed notification in its place (same tag). Chromium closes a notification
 * some time after `close()`, and by its tag: a close still on its way when the answer is shown closes
 * the answer instead (about once in a hundred presses; stop 65's CI, and a probe that closes and
 * shows at once). So the answer waits, briefly, until the pressed one has left the list; and since
 * the record can leave the list before the screen's close lands (a later CI run), the answer is
 * watched for a moment and shown again if that close took it. A close is one-off: a second show
 * stays.
 */
async function showInPlaceOfPressed(scope: PushWorkerScope, tag: string, body: string): Promise<void> {
  const listed = async () => (await scope.registration.getNotifications({ tag })).length > 0;
  const show = () =>
    scope.registration.showNotification(FALLBACK_TITLE, { body, icon: ICON, tag: tag || undefined });
  if (!tag) return show();
  for (let waited = 0; waited < ANSWER_WAIT_MS && (await listed()); waited += ANSWER_POLL_MS) {
    await pause(ANSWER_POLL_MS);
  }
  await show();
  for (let watched = 0; watched < ANSWER_WATCH_MS; watched += ANSWER_POLL_MS) {
    await pause(ANSWER_POLL_MS);
    // Taken by the late close: shown once more, and left to the person after that.
    if (!(await listed())) return show();
  }
}

/** How long the answer waits for the pressed one to leave, and is then watched. */
const ANSWER_WAIT_MS = 2_000;
const ANSWER_WATCH_MS = 1_500;
const ANSWER_POLL_MS = 20;
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Posts an action token; the API answers with the message to show ('Aspirin marked as taken!'). */
async function runAction(
  scope: PushWorkerScope,
  token: string,
): Promise<{ ok: boolean; unreachable?: boolean; message?: string }> {
  try {
    const response = await fetch(`${scope.location.origin}/api/push/action`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ token }),
      credentials: 'omit',
    });
    const body = (await response.json().catch(() => ({}))) as { message?: string };
    return { ok: response.ok, ...(body.message ? { message: body.message } : {}) };
  } catch {
    return { ok: false, unreachable: true };
  }
}

/** What the service worker says when a 'Mark as taken' is kept on the device to send later. */
export const QUEUED_TAKE_MESSAGE = ENGLISH_WORKER_TEXTS.queuedTake;

export interface PushHandlerOptions {
  /** Keeps a 'Mark as taken' pressed without a network, to send when back online (issue 12). */
  queueTake?: (token: string, pressedAt: Date) => Promise<void>;
  /** The worker's own words in the page's language (worker-texts.ts); English without it. */
  texts?: () => Promise<WorkerTexts>;
}

export function registerPushHandlers(scope: PushWorkerScope, options: PushHandlerOptions = {}): void {
  const texts = options.texts ?? (async () => ENGLISH_WORKER_TEXTS);
  scope.addEventListener('push', (event) => {
    const push = event as PushEventLike;
    let raw: unknown = null;
    try {
      raw = push.data?.json() ?? null;
    } catch {
      raw = null;
    }
    const payload = readPushPayload(raw, scope.location.origin);
    // Browsers require every push to show something; an unreadable one still says who it is from.
    const shown = payload
      ? scope.registration.showNotification(payload.title, notificationOptionsFor(payload))
      : texts().then(({ newNotification }) =>
          scope.registration.showNotification(FALLBACK_TITLE, { body: newNotification, icon: ICON }),
        );
    keepAlive(push, shown);
  });

  scope.addEventListener('notificationclick', (event) => {
    const click = event as NotificationEventLike;
    const data = (click.notification.data ?? { url: '/', tokens: {} }) as NotificationData;
    const action = click.action === 'take' || click.action === 'snooze' ? click.action : undefined;
    const token = action ? data.tokens?.[action] : undefined;
    click.notification.close();
    const pressedAt = new Date();
    const work = (async () => {
      if (!action || !token) return openLink(scope, data.url || '/');
      const result = await runAction(scope, token);
      if (result.unreachable && action === 'take' && options.queueTake) {
        await options.queueTake(token, pressedAt);
        await showInPlaceOfPressed(scope, click.notification.tag, (await texts()).queuedTake);
        return;
      }
      // An expired or refused action: let the user do it in the app instead.
      if (!result.ok) return openLink(scope, data.url || '/');
      if (action === 'take' && result.message) {
        await showInPlaceOfPressed(scope, click.notification.tag, result.message);
      }
    })();
    keepAlive(click, work);
  });
}

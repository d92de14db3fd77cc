import type { PushWorkerScope } from '../sw/push-handlers';

/**
 * A service-worker scope that records what it shows and lets a test fire its events. Like Chromium,
 * it keeps one notification per tag, and a `close()` takes effect later (`closeLagMs`) on whatever
 * notification holds that tag then: the answer shown in a pressed one's place must wait for it.
 * With `unlistedAtOnce`, the closed one leaves `getNotifications()` at once (its stored record is
 * deleted first) while the screen's close still lags, as seen in CI: waiting for the list to be
 * empty is then not enough.
 */
export function fakePushWorkerScope({
  closeLagMs = 0,
  unlistedAtOnce = false,
}: { closeLagMs?: number; unlistedAtOnce?: boolean } = {}) {
  const listeners = new Map<string, (event: Event) => void>();
  const shown: { title: string; options?: NotificationOptions }[] = [];
  const showing = new Map<string, { title: string; body?: string }>();
  /** Tags closed but still on screen, no longer listed. */
  const unlisted = new Set<string>();
  const opened: string[] = [];
  const scope: PushWorkerScope = {
    location: { origin: 'https://app.example' },
    registration: {
      showNotification: (title, options) => {
        shown.push({ title, ...(options ? { options } : {}) });
        unlisted.delete(options?.tag ?? '');
        showing.set(options?.tag ?? '', { title, ...(options?.body ? { body: options.body } : {}) });
        return Promise.resolve();
      },
      getNotifications: (filter) =>
        Promise.resolve(
          [...showing]
            .filter(([tag]) => !unlisted.has(tag) && (filter?.tag === undefined || tag === filter.tag))
            .map(([, n]) => n),
        ),
    },
    clients: {
      matchAll: () => Promise.resolve([]),
      openWindow: (url) => {
        opened.push(url);
        return Promise.resolve(null);
      },
    },
    addEventListener: (type, listener) => listeners.set(type, listener),
  };
  /** Shows the reminder the button belongs to, then presses the button. */
  const click = async (action: string) => {
    const tag = 'dose-0';
    showing.set(tag, { title: 'Time for your Morning dose', body: 'Aspirin' });
    let work: Promise<unknown> = Promise.resolve();
    const event = Object.assign(new Event('notificationclick'), {
      action,
      notification: {
        data: { url: '/', tokens: { take: 'take-token', snooze: 'snooze-token' } },
        tag,
        close: () => {
          if (unlistedAtOnce) unlisted.add(tag);
          setTimeout(() => {
            showing.delete(tag);
            unlisted.delete(tag);
          }, closeLagMs);
        },
      },
      waitUntil: (promise: Promise<unknown>) => {
        work = promise;
      },
    });
    listeners.get('notificationclick')?.(event);
    await work;
    // Every close has landed by now: what is left is what the person sees.
    await new Promise((resolve) => setTimeout(resolve, closeLagMs + 1));
  };
  return { scope, shown, showing, opened, click };
}

/// <reference lib="webworker" />
import { userOfToken } from '../features/offline/outbox-entry';
import { flushOutbox } from '../features/offline/outbox-flush';
import { OUTBOX_SYNC_TAG, outboxStore } from '../features/offline/outbox.store';
import { storedWorkerTexts } from './worker-texts';

interface SyncEventLike extends ExtendableEvent {
  tag: string;
}

/**
 * Background Sync (issue 12): the page registers the tag when it queues a write; the browser wakes
 * this worker when the network is back, even with the app closed. It sends the queue with an access
 * token got from the session cookie (the worker never sees the page's stored token) and tells open
 * tabs what happened. A flush that leaves writes waiting fails, so the browser tries again later.
 */
export function registerOfflineSync(scope: ServiceWorkerGlobalScope): {
  queueTake: (token: string, pressedAt: Date) => Promise<void>;
} {
  const tokens = new Map<string, string>();
  const tokenFor = async (email: string, fresh: boolean): Promise<string | null> => {
    if (!fresh && tokens.has(email)) return tokens.get(email)!;
    try {
      const response = await fetch(`${scope.location.origin}/jwt`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email }),
        credentials: 'same-origin',
      });
      if (!response.ok) return null;
      const { token } = (await response.json()) as { token: string };
      tokens.set(email, token);
      return token;
    } catch {
      return null;
    }
  };

  const flush = async () => {
    const report = await flushOutbox({
      origin: scope.location.origin,
      fetch: (i, init) => fetch(i, init),
      token: tokenFor,
    });
    if (report.results.length > 0) outboxStore.announce({ type: 'flushed', results: report.results });
    for (const result of report.results) {
      if (result.outcome === 'dropped' && result.entry.kind === 'pushAction') {
        const { offlineNotRecorded } = await storedWorkerTexts(scope.caches);
        await scope.registration.showNotification('Medicine Reminder', {
          body: offlineNotRecorded.replace('{message}', () => result.message),
          icon: '/icons/icon-192.png',
        });
      }
    }
    if (report.remaining > 0) throw new Error(`${report.remaining} offline change(s) still waiting`);
  };

  scope.addEventListener('sync', (event) => {
    const sync = event as SyncEventLike;
    if (sync.tag === OUTBOX_SYNC_TAG) sync.waitUntil(flush());
  });

  return {
    async queueTake(token, pressedAt) {
      await outboxStore.add(
        { kind: 'pushAction', userId: userOfToken(token), userEmail: '', token },
        pressedAt,
      );
      const registration = scope.registration as ServiceWorkerRegistration & {
        sync?: { register(tag: string): Promise<void> };
      };
      await registration.sync?.register(OUTBOX_SYNC_TAG).catch(() => undefined);
    },
  };
}

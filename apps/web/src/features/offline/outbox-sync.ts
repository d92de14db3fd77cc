import { accessTokenStorage } from '../../lib/access-token.storage';
import { serverClock } from '../../lib/server-clock';
import { refreshAccessToken } from '../../lib/token-refresh';
import type { NewOutboxEntry } from './outbox-entry';
import { type FlushDeps, type FlushReport, flushOutbox } from './outbox-flush';
import { OUTBOX_SYNC_TAG, outboxStore } from './outbox.store';
import { pendingWrites } from './pending-writes.store';

export type FlushTrigger = 'queued' | 'reconnect';
type Flusher = (trigger: FlushTrigger) => Promise<void>;

let flusher: Flusher | null = null;

/** The signed-in shell registers how to flush (it knows the account and shows the toasts). */
export function setFlusher(next: Flusher | null): void {
  flusher = next;
}

/** Background Sync where the browser has it: the service worker flushes even with the app closed. */
async function requestBackgroundSync(): Promise<void> {
  if (!('serviceWorker' in navigator)) return;
  // `sync` is absent where the browser has no Background Sync (Firefox, Safari): replay on reconnect.
  const registration = await navigator.serviceWorker.getRegistration();
  const sync = (registration as { sync?: { register(tag: string): Promise<void> } } | undefined)?.sync;
  await sync?.register(OUTBOX_SYNC_TAG).catch(() => undefined);
}

/**
 * Every offline-capable write goes through here, online or not: stored durably first, then sent at
 * once when possible. So a write is never lost between "tapped" and "the server has it".
 */
export async function queueWrite(entry: NewOutboxEntry): Promise<void> {
  // When it was made, by the server's clock as last learnt: a device clock hours off must not win
  // or lose the conflict rule by its error (decision 070).
  await outboxStore.add(entry, serverClock.now());
  await pendingWrites.reload();
  void requestBackgroundSync();
  // Not awaited: the write is safe on the device; a slow server must not hold up the screen.
  void flusher?.('queued');
}

/** How the page sends: its own account's writes (and notification buttons), with its token. */
export function pageFlushDeps(user: { id: string; email: string }): FlushDeps {
  const refreshed = () => refreshAccessToken().catch(() => null);
  return {
    origin: window.location.origin,
    fetch: (input, init) => fetch(input, init),
    accepts: (entry) => entry.userId === user.id || entry.kind === 'pushAction',
    async token(email, fresh) {
      if (email !== user.email) return null;
      return (fresh ? null : accessTokenStorage.get()) ?? refreshed();
    },
  };
}

export function flushFromPage(user: { id: string; email: string }): Promise<FlushReport> {
  return flushOutbox(pageFlushDeps(user));
}

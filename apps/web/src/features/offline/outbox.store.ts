import { offlineDb } from './offline-db';
import type { NewOutboxEntry, OutboxEntry } from './outbox-entry';

/** Tells every tab and the service worker that the queue changed (each re-reads it). */
export const OUTBOX_CHANNEL = 'medrem-outbox';
/** The Background Sync tag the service worker flushes on. */
export const OUTBOX_SYNC_TAG = 'medrem-outbox';

function announce(message: unknown = { type: 'changed' }): void {
  if (typeof BroadcastChannel === 'undefined') return;
  const channel = new BroadcastChannel(OUTBOX_CHANNEL);
  channel.postMessage(message);
  channel.close();
}

export const outboxStore = {
  async add(entry: NewOutboxEntry, madeAt = new Date()): Promise<OutboxEntry> {
    const full = { ...entry, key: crypto.randomUUID(), madeAt: madeAt.toISOString() } as OutboxEntry;
    const db = await offlineDb();
    const seq = await db.add('outbox', full);
    announce();
    return { ...full, seq };
  },
  /** Every waiting write, oldest first (the order they are sent in). */
  async all(): Promise<OutboxEntry[]> {
    return (await offlineDb()).getAll('outbox');
  },
  async remove(seq: number): Promise<void> {
    await (await offlineDb()).delete('outbox', seq);
    announce();
  },
  /** Sign-out and account deletion: the account's waiting writes go with it. */
  async clearUser(userId: string): Promise<void> {
    const db = await offlineDb();
    const tx = db.transaction('outbox', 'readwrite');
    for (const seq of await tx.store.index('byUser').getAllKeys(userId)) await tx.store.delete(seq);
    await tx.done;
    announce();
  },
  /**
   * Another account signed in here: the writes of any other account can never be sent (its session
   * is gone) and must not linger. A notification button's entry carries its own proof and stays.
   */
  async keepOnly(userId: string): Promise<void> {
    const db = await offlineDb();
    const tx = db.transaction('outbox', 'readwrite');
    for (const entry of await tx.store.getAll()) {
      if (entry.userId !== userId && entry.kind !== 'pushAction' && entry.seq !== undefined) {
        await tx.store.delete(entry.seq);
      }
    }
    await tx.done;
    announce();
  },
  announce,
};

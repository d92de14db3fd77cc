import { useMemo, useSyncExternalStore } from 'react';
import type { OutboxEntry } from './outbox-entry';
import { OUTBOX_CHANNEL, outboxStore } from './outbox.store';

/**
 * The waiting writes as React sees them: re-read from IndexedDB whenever this tab, another tab or
 * the service worker says the queue changed. Screens overlay them on the server's answers, so a
 * tick made offline shows as made (with its "waiting to sync" mark) until the server has it.
 */
let entries: readonly OutboxEntry[] = [];
const listeners = new Set<() => void>();
let channel: BroadcastChannel | null = null;

async function reload(): Promise<void> {
  try {
    entries = await outboxStore.all();
  } catch {
    entries = [];
  }
  listeners.forEach((listener) => listener());
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  if (!channel && typeof BroadcastChannel !== 'undefined') {
    channel = new BroadcastChannel(OUTBOX_CHANNEL);
    channel.onmessage = () => void reload();
    void reload();
  }
  return () => {
    listeners.delete(listener);
  };
}

export const pendingWrites = {
  /** The queue as last read (and a reload, for callers that just changed it). */
  current: () => entries,
  reload,
};

/** The waiting writes of one account, oldest first. */
export function usePendingWrites(userId: string | undefined): readonly OutboxEntry[] {
  const all = useSyncExternalStore(subscribe, () => entries);
  return useMemo(() => (userId ? all.filter((e) => e.userId === userId) : []), [all, userId]);
}

import { outboxStore } from './outbox.store';
import { pendingWrites } from './pending-writes.store';
import type { QueryClient } from '@tanstack/react-query';
import { queryPersistence } from './query-persistence';

/** Saves the account's answers on the device as they change; returns the stop function. */
export function trackAccount(client: QueryClient, userId: string): () => void {
  return queryPersistence.track(client, userId);
}

/** The signed-in account is the only one whose data stays on the device (decision 072). */
export async function keepOnlyAccount(userId: string): Promise<void> {
  await outboxStore.keepOnly(userId).catch((e: unknown) => console.warn('Could not clear old writes', e));
  await pendingWrites.reload();
}

/** Sign-out, a lost session, account deletion: the saved answers and the waiting writes of `userId` go. */
export async function forgetOfflineAccount(userId: string): Promise<void> {
  try {
    await queryPersistence.forget(userId);
    await outboxStore.clearUser(userId);
    await pendingWrites.reload();
  } catch (error) {
    console.warn('Could not clear the data saved on this device', error);
  }
}

import type { QueryClient } from '@tanstack/react-query';
import { getQueryKey } from '@trpc/react-query';
import { trpc } from '../../lib/trpc';
import { keepPersistedInMemory, queryPersistence } from './query-persistence';

/**
 * Before the first render, when an account's answers are saved on this device (a lazily loaded
 * chunk: a device with nothing saved never loads it): longer memory for the answers that are
 * saved, and the saved answers themselves.
 */
export async function restoreOfflineData(client: QueryClient): Promise<void> {
  keepPersistedInMemory(client);
  const savedAt = await queryPersistence.restore(client);
  // The saved session is shown at once but asked again when the server can be reached.
  if (savedAt !== null)
    await client.invalidateQueries({ queryKey: getQueryKey(trpc.auth.session) }, { cancelRefetch: false });
}

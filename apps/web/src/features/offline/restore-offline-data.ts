import { type QueryClient, onlineManager } from '@tanstack/react-query';
import { getQueryKey } from '@trpc/react-query';
import { trpc } from '../../lib/trpc';
import { PERSISTED_PATHS, queryPersistence } from './query-persistence';

/** How long a saved answer stays in memory unobserved: as long as it is kept on the device. */
const PERSISTED_GC_MS = 24 * 60 * 60_000;

/**
 * Before the first render: the browser's online state (TanStack Query assumes online until an
 * event says otherwise, so offline queries would spin through their retries), longer memory for the
 * answers that are saved, and the saved account's answers themselves.
 */
export async function restoreOfflineData(client: QueryClient): Promise<void> {
  onlineManager.setOnline(navigator.onLine);
  for (const path of PERSISTED_PATHS) client.setQueryDefaults([path.split('.')], { gcTime: PERSISTED_GC_MS });
  const savedAt = await queryPersistence.restore(client);
  // The saved session is shown at once but asked again when the server can be reached.
  if (savedAt !== null)
    await client.invalidateQueries({ queryKey: getQueryKey(trpc.auth.session) }, { cancelRefetch: false });
}

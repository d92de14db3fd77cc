import { useQueryClient } from '@tanstack/react-query';
import { getQueryKey } from '@trpc/react-query';
import { useSyncExternalStore } from 'react';
import { trpc } from '../../lib/trpc';

const medicineListKey = getQueryKey(trpc.medicine.list);

/**
 * When the medicines on screen were last fetched from the server (null: none in the cache). The
 * offline banner says so, since offline they may be from the last time the app was used.
 */
export function useOfflineDataTime(): number | null {
  const client = useQueryClient();
  return useSyncExternalStore(
    (onChange) => client.getQueryCache().subscribe(onChange),
    () => {
      const times = client
        .getQueryCache()
        .findAll({ queryKey: medicineListKey })
        .filter((q) => q.state.data !== undefined)
        .map((q) => q.state.dataUpdatedAt);
      return times.length > 0 ? Math.max(...times) : null;
    },
  );
}

import { useQueryClient } from '@tanstack/react-query';
import { getQueryKey } from '@trpc/react-query';
import { useSyncExternalStore } from 'react';
import { trpc } from '../../lib/trpc';

const medicineListKey = getQueryKey(trpc.medicine.list);
// The dose page's slot (decision 260): usable offline, so the slim banner, not the full page.
const dosePageKey = getQueryKey(trpc.push.dose);

/**
 * When the medicines on screen (or the dose page's slot) were last fetched from the server (null:
 * none in the cache). The offline banner says so, since offline they may be from the last time the
 * app was used.
 */
export function useOfflineDataTime(): number | null {
  const client = useQueryClient();
  return useSyncExternalStore(
    (onChange) => client.getQueryCache().subscribe(onChange),
    () => {
      const cache = client.getQueryCache();
      const times = [
        ...cache.findAll({ queryKey: medicineListKey }),
        ...cache.findAll({ queryKey: dosePageKey }),
      ]
        .filter((q) => q.state.data !== undefined)
        .map((q) => q.state.dataUpdatedAt);
      return times.length > 0 ? Math.max(...times) : null;
    },
  );
}

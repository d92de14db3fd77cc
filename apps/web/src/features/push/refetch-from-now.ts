import type { QueryClient, QueryKey } from '@tanstack/react-query';

/**
 * Asks again for the queries under `queryKey` so that what they show was read after this call: on a
 * live stream's opening and on each of its events (decision 046). An invalidation alone is not
 * enough: TanStack Query restarts a fetch in flight only when its query already has data, and
 * otherwise lets the invalidation join it. A first fetch still in flight may have read before the
 * stream subscribed or before the event's notification was stored, and that would wait for the next
 * poll; so once such a fetch has settled, this invalidates once more.
 */
export async function refetchFromNow(queryClient: QueryClient, queryKey: QueryKey): Promise<void> {
  const joinsFirstFetch = queryClient
    .getQueryCache()
    .findAll({ queryKey })
    .some((query) => query.state.fetchStatus === 'fetching' && query.state.data === undefined);
  await queryClient.invalidateQueries({ queryKey });
  if (joinsFirstFetch) await queryClient.invalidateQueries({ queryKey });
}

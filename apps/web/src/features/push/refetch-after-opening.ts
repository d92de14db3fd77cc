import type { QueryClient, QueryKey } from '@tanstack/react-query';

/**
 * Asks again for the queries under `queryKey` when a live stream opens, so that what they show was
 * read after the stream began (decision 046). An invalidation alone is not enough: TanStack Query
 * restarts a fetch in flight only when its query already has data, and otherwise lets the
 * invalidation join it. A first fetch still in flight at the opening may have read before the
 * stream subscribed, and what was stored in between would wait for the next poll; so once such a
 * fetch has settled, this invalidates once more.
 */
export async function refetchAfterOpening(queryClient: QueryClient, queryKey: QueryKey): Promise<void> {
  const joinsFirstFetch = queryClient
    .getQueryCache()
    .findAll({ queryKey })
    .some((query) => query.state.fetchStatus === 'fetching' && query.state.data === undefined);
  await queryClient.invalidateQueries({ queryKey });
  if (joinsFirstFetch) await queryClient.invalidateQueries({ queryKey });
}

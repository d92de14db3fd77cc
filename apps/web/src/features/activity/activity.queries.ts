import { trpc } from '../../lib/trpc';

/** One page of the record: a screenful on a phone, a few days of an ordinary account. */
const PAGE_SIZE = 20;

/**
 * Settings → Privacy & Security, "Recent activity" (issue 57): trpc activity.list, a page at a time
 * by the server's cursor. Online only (query-persistence.ts says why): an address and a device list
 * of the account are not kept on the device.
 */
export function useRecentActivity() {
  const query = trpc.activity.list.useInfiniteQuery(
    { limit: PAGE_SIZE },
    { getNextPageParam: (page) => page.nextCursor ?? undefined },
  );
  return {
    entries: query.data?.pages.flatMap((page) => page.entries),
    loading: query.isPending,
    failed: query.isError && query.data === undefined,
    hasMore: query.hasNextPage,
    loadingMore: query.isFetchingNextPage,
    loadMore: () => void query.fetchNextPage(),
    retry: () => void query.refetch(),
  };
}

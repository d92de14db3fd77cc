import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { afterEach, describe, expect, it } from 'vitest';
import { refetchFromNow } from './refetch-from-now';

const KEY = [['notification', 'list'], { input: { userEmail: 'a@example.com' }, type: 'query' }];
const NOTIFICATIONS = [['notification']];
const settled = () => new Promise((resolve) => setTimeout(resolve, 0));

/** A query with one observer (an active query, as the bell's list is), whose fetches answer when told. */
function watchedList() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const started: { answer: (list: string[]) => void; fail: (error: Error) => void }[] = [];
  const observer = new QueryObserver(client, {
    queryKey: KEY,
    queryFn: () => new Promise<string[]>((answer, fail) => started.push({ answer, fail })),
  });
  cleanup = observer.subscribe(() => undefined);
  /** The stream opens (or brings an event); the requests started by then, and the answer to the last one. */
  const open = async (answerLast: string[]) => {
    const refreshed = refetchFromNow(client, NOTIFICATIONS);
    const startedAtOpening = started.length;
    await settled();
    started.at(-1)!.answer(answerLast);
    await refreshed;
    return { startedAtOpening, startedInAll: started.length, shown: client.getQueryData(KEY) };
  };
  return { client, started, open };
}

let cleanup: (() => void) | undefined;
afterEach(() => cleanup?.());

describe('refetchFromNow', () => {
  it('asks again after a first fetch that was still in flight when the stream opened', async () => {
    const { started, open } = watchedList();
    const refreshed = open(['read after the stream began']);
    // The opening's invalidation joins the first fetch: no second request while it is in flight.
    expect(started).toHaveLength(1);
    started[0]!.answer(['read before the stream began']);
    expect(await refreshed).toEqual({
      startedAtOpening: 1,
      startedInAll: 2,
      shown: ['read after the stream began'],
    });
  });

  it('asks once when the list had come back before the stream opened', async () => {
    const { started, open } = watchedList();
    started[0]!.answer(['first']);
    await settled();
    expect(await open(['after the opening'])).toEqual({
      startedAtOpening: 2,
      startedInAll: 2,
      shown: ['after the opening'],
    });
  });

  it('asks once when a refetch of a list already shown was in flight (the invalidation restarts it)', async () => {
    const { client, started, open } = watchedList();
    started[0]!.answer(['first']);
    await settled();
    void client.refetchQueries({ queryKey: KEY });
    expect(started).toHaveLength(2);
    expect(await open(['after the opening'])).toEqual({
      startedAtOpening: 3,
      startedInAll: 3,
      shown: ['after the opening'],
    });
  });

  it('asks once when the first fetch had failed before the stream opened', async () => {
    const { started, open } = watchedList();
    started[0]!.fail(new Error('offline'));
    await settled();
    expect(await open(['after the opening'])).toEqual({
      startedAtOpening: 2,
      startedInAll: 2,
      shown: ['after the opening'],
    });
  });
});

import { QueryClient, QueryObserver, onlineManager } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { contract } from '@medrem/contract';
import { createQueryClient } from '../../app/query-client';
import { OFFLINE_ACCOUNT_KEY } from './saved-account';

/** The device's IndexedDB, as a map: what a next start would read. */
const stored = new Map<string, unknown>();
vi.mock('./offline-db', () => ({
  offlineDb: () =>
    Promise.resolve({
      get: (_store: string, key: string) => Promise.resolve(stored.get(key)),
      put: (_store: string, value: { userId: string }) =>
        Promise.resolve(void stored.set(value.userId, value)),
      delete: (_store: string, key: string) => Promise.resolve(void stored.delete(key)),
      getAllKeys: () => Promise.resolve([...stored.keys()]),
    }),
}));
const { NOT_PERSISTED_PATHS, PERSISTED_PATHS, queryPersistence } = await import('./query-persistence');

const takenKey = [['medicine', 'getTaken'], { input: { id: 'm1', date: '2026-12-06' }, type: 'query' }];
type Saved = { savedAt: number; state: { queries: { state: { data: unknown } }[] } };
const savedTaken = () => (stored.get('u1') as Saved | undefined)?.state.queries[0]?.state.data;
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));
/** The promise jobs a save chains, run without moving the (fake) clock: no timer may do the work. */
const microtasks = async () => {
  for (let i = 0; i < 20; i += 1) await Promise.resolve();
};

describe('the device copy of the answers (decision 194)', () => {
  let stop: () => void = () => undefined;
  beforeEach(() => stored.clear());
  afterEach(() => {
    stop();
    vi.useRealTimers();
  });

  it('is written at once when the page is left or hidden, not only half a second later', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const client = new QueryClient();
    stop = queryPersistence.track(client, 'u1');
    client.setQueryData(takenKey, '1-0-0');
    window.dispatchEvent(new Event('pagehide'));
    await microtasks();
    expect(savedTaken()).toBe('1-0-0');

    client.setQueryData(takenKey, '1-1-0');
    Object.defineProperty(document, 'visibilityState', { value: 'hidden', configurable: true });
    document.dispatchEvent(new Event('visibilitychange'));
    await microtasks();
    expect(savedTaken()).toBe('1-1-0');
    Object.defineProperty(document, 'visibilityState', { value: 'visible', configurable: true });
  });

  it('comes back stale, so a start asks the server again even within the stale time', async () => {
    const before = new QueryClient();
    stop = queryPersistence.track(before, 'u1');
    before.setQueryData(takenKey, '0-0-0');
    window.dispatchEvent(new Event('pagehide'));
    await vi.waitFor(() => expect(savedTaken()).toBe('0-0-0'));
    stop();

    localStorage.setItem(OFFLINE_ACCOUNT_KEY, 'u1');
    const after = createQueryClient(); // staleTime 30 s, and the copy is seconds old
    expect(await queryPersistence.restore(after)).not.toBeNull();
    const fetched = vi.fn(() => Promise.resolve('1-0-0'));
    const observer = new QueryObserver(after, { queryKey: takenKey, queryFn: fetched });
    expect(observer.getCurrentResult().data).toBe('0-0-0'); // the first paint
    const unsubscribe = observer.subscribe(() => undefined);
    await vi.waitFor(() => expect(observer.getCurrentResult().data).toBe('1-0-0'));
    expect(fetched).toHaveBeenCalledOnce();
    unsubscribe();
  });

  it('never replaces a newer answer already in the cache (the page’s own, decision 061)', async () => {
    stored.set('u1', {
      userId: 'u1',
      savedAt: Date.now(),
      state: {
        mutations: [],
        queries: [
          {
            queryKey: takenKey,
            queryHash: JSON.stringify(takenKey),
            state: { data: '0-0-0', dataUpdatedAt: Date.now() - 5_000, status: 'success' },
          },
        ],
      },
    });
    localStorage.setItem(OFFLINE_ACCOUNT_KEY, 'u1');
    const client = createQueryClient();
    client.setQueryData(takenKey, '1-0-0');
    await queryPersistence.restore(client);
    await settle();
    expect(client.getQueryData(takenKey)).toBe('1-0-0');
    expect(client.getQueryCache().find({ queryKey: takenKey })?.isStale()).toBe(false);
  });
});

describe('what the device keeps for offline use', () => {
  it('places every read of the contract: kept, or left out for a stated reason', () => {
    const reads = Object.entries(contract).flatMap(([router, procedures]) =>
      Object.entries(procedures as Record<string, { meta: { openapi: { method: string } } }>)
        .filter(([, procedure]) => procedure.meta.openapi.method === 'GET')
        .map(([name]) => `${router}.${name}`),
    );
    const kept: readonly string[] = PERSISTED_PATHS;
    const left = Object.keys(NOT_PERSISTED_PATHS);
    expect([...kept, ...left].sort()).toEqual([...reads].sort());
  });

  it('keeps the as-needed log the dashboard shows (‘Taken today’)', async () => {
    stored.clear();
    const client = new QueryClient();
    const stop = queryPersistence.track(client, 'u1');
    const logKey = [['medicine', 'asNeededLog'], { input: { id: 'm1', from: 'd', to: 'd' }, type: 'query' }];
    client.setQueryData(logKey, { intakes: [{ takenAt: 1 }, { takenAt: 2 }] });
    window.dispatchEvent(new Event('pagehide'));
    await vi.waitFor(() => expect(savedTaken()).toEqual({ intakes: [{ takenAt: 1 }, { takenAt: 2 }] }));
    stop();
  });

  it('keeps no mutation, not even one waiting for the network with what it sends (decision 271)', async () => {
    stored.clear();
    const client = new QueryClient();
    const stop = queryPersistence.track(client, 'u1');
    onlineManager.setOnline(false);
    const sent = client
      .getMutationCache()
      .build(client, { mutationKey: [['token', 'create']], mutationFn: () => Promise.resolve('mr_pat_x') })
      .execute({ name: 'Home Assistant' });
    await vi.waitFor(() => expect(client.getMutationCache().getAll()[0]?.state.isPaused).toBe(true));
    client.setQueryData(takenKey, '1-0-0');
    window.dispatchEvent(new Event('pagehide'));
    await vi.waitFor(() => expect(savedTaken()).toBe('1-0-0'));
    expect((stored.get('u1') as { state: { mutations: unknown[] } }).state.mutations).toEqual([]);
    onlineManager.setOnline(true);
    await client.resumePausedMutations();
    await sent;
    stop();
  });
});

import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakePushWorkerScope as fakeScope } from '../test/push-worker-scope.fake';
import { registerPushHandlers } from './push-handlers';
import { ENGLISH_WORKER_TEXTS, keepWorkerTexts, storedWorkerTexts } from './worker-texts';

/** Cache Storage as the page and the worker share it (one map of caches of requests). */
function fakeCaches() {
  const caches = new Map<string, Map<string, Response>>();
  return {
    open: async (name: string) => {
      const entries = caches.get(name) ?? new Map<string, Response>();
      caches.set(name, entries);
      return {
        put: async (url: string, response: Response) => void entries.set(url, response),
        match: async (url: string) => entries.get(url)?.clone(),
      } as unknown as Cache;
    },
  };
}

const spanish = {
  newNotification: 'Tiene una notificación nueva.',
  queuedTake: 'Está sin conexión: su dosis se guardó en este dispositivo.',
  offlineNotRecorded: 'Un «Marcar como tomada» hecho sin conexión no se registró: {message}',
};

describe('the service worker’s own words in the page’s language (issue 54)', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('reads what the page left, and English before it has left anything', async () => {
    const caches = fakeCaches();
    expect(await storedWorkerTexts(caches)).toEqual(ENGLISH_WORKER_TEXTS);
    await keepWorkerTexts(caches, spanish);
    expect(await storedWorkerTexts(caches)).toEqual(spanish);
    // No storage at all (a browser without Cache Storage in the worker): English.
    expect(await storedWorkerTexts(undefined)).toEqual(ENGLISH_WORKER_TEXTS);
  });

  it('takes nothing it cannot use: a text that is not one, empty, or without the reason’s place', async () => {
    const caches = fakeCaches();
    await keepWorkerTexts(caches, {
      newNotification: 42 as unknown as string,
      queuedTake: '  ',
      offlineNotRecorded: 'No se registró.',
    });
    expect(await storedWorkerTexts(caches)).toEqual(ENGLISH_WORKER_TEXTS);
    const broken = {
      open: async () => ({ match: async () => new Response('{not json') }) as unknown as Cache,
    };
    expect(await storedWorkerTexts(broken)).toEqual(ENGLISH_WORKER_TEXTS);
  });

  it('says a take kept offline in the stored language', async () => {
    vi.stubGlobal('fetch', vi.fn().mockRejectedValue(new TypeError('Failed to fetch')));
    const caches = fakeCaches();
    await keepWorkerTexts(caches, spanish);
    const { scope, shown, click } = fakeScope();
    registerPushHandlers(scope, {
      queueTake: vi.fn().mockResolvedValue(undefined),
      texts: () => storedWorkerTexts(caches),
    });
    await click('take');
    expect(shown).toEqual([
      {
        title: 'Medicine Reminder',
        options: expect.objectContaining({ body: spanish.queuedTake, tag: 'dose-0' }),
      },
    ]);
  });
});

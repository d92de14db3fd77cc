import { afterEach, describe, expect, it, vi } from 'vitest';
import { ENGLISH_WORKER_TEXTS, storedWorkerTexts } from '../sw/worker-texts';
import { activateLocale } from './active-locale';
import { keepWorkerTextsInPageLanguage } from './worker-texts';

function fakeCaches() {
  const entries = new Map<string, Response>();
  const cache = {
    put: async (url: string, response: Response) => void entries.set(url, response),
    match: async (url: string) => entries.get(url)?.clone(),
  } as unknown as Cache;
  return { open: async () => cache };
}

describe('the page leaves the service worker its words in the page’s language (issue 54)', () => {
  afterEach(async () => {
    vi.unstubAllGlobals();
    await activateLocale('en');
  });

  it('writes them in English, then in Spanish once the page speaks Spanish', async () => {
    const caches = fakeCaches();
    vi.stubGlobal('caches', caches);
    await activateLocale('en');
    await keepWorkerTextsInPageLanguage();
    expect(await storedWorkerTexts(caches)).toEqual(ENGLISH_WORKER_TEXTS);

    await activateLocale('es');
    const { loadAppCatalog } = await import('./active-locale');
    await loadAppCatalog();
    await keepWorkerTextsInPageLanguage();
    const spanish = await storedWorkerTexts(caches);
    expect(spanish.newNotification).not.toBe(ENGLISH_WORKER_TEXTS.newNotification);
    expect(spanish.queuedTake).not.toBe(ENGLISH_WORKER_TEXTS.queuedTake);
    // The server's reason still has its place, for the worker to fill.
    expect(spanish.offlineNotRecorded).toContain('{message}');
    expect(spanish.offlineNotRecorded).not.toBe(ENGLISH_WORKER_TEXTS.offlineNotRecorded);
  });

  it('leaves the worker its English where the page has no Cache Storage', async () => {
    vi.stubGlobal('caches', undefined);
    await expect(keepWorkerTextsInPageLanguage()).resolves.toBeUndefined();
  });
});

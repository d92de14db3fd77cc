/**
 * The service worker's own words (issue 54): what it says when a push cannot be read, when a
 * 'Mark as taken' is kept offline, and when one kept offline was refused. A reminder's own words come
 * written in the reader's language in the push (decision 364); these the worker writes itself, and it
 * has no catalogs. The page writes them here in its language (src/i18n/worker-texts.ts) whenever its
 * language is set; until it has, and wherever storage fails, the worker says them in English.
 */
export interface WorkerTexts {
  newNotification: string;
  queuedTake: string;
  /** With `{message}`: the server's reason. */
  offlineNotRecorded: string;
}

export const ENGLISH_WORKER_TEXTS: WorkerTexts = {
  newNotification: 'You have a new notification.',
  queuedTake:
    "You're offline: your dose is saved on this device and will be recorded when you're back online.",
  offlineNotRecorded: "A 'Mark as taken' made offline was not recorded: {message}",
};

/** Where the page keeps them for the worker: a cache of its own (workbox's clean-up leaves it alone). */
export const WORKER_TEXTS_CACHE = 'medrem-worker-texts';
export const WORKER_TEXTS_URL = '/worker-texts.json';

type CacheOpener = Pick<CacheStorage, 'open'>;

/** The texts the page left, each checked, English for any missing or not a string. */
export async function storedWorkerTexts(caches: CacheOpener | undefined): Promise<WorkerTexts> {
  try {
    const response = await (await caches?.open(WORKER_TEXTS_CACHE))?.match(WORKER_TEXTS_URL);
    const stored = (response ? await response.json() : {}) as Partial<Record<keyof WorkerTexts, unknown>>;
    const pick = (key: keyof WorkerTexts) => {
      const text = stored[key];
      return typeof text === 'string' && text.trim() !== '' ? text : ENGLISH_WORKER_TEXTS[key];
    };
    return {
      newNotification: pick('newNotification'),
      queuedTake: pick('queuedTake'),
      offlineNotRecorded: pick('offlineNotRecorded').includes('{message}')
        ? pick('offlineNotRecorded')
        : ENGLISH_WORKER_TEXTS.offlineNotRecorded,
    };
  } catch {
    return ENGLISH_WORKER_TEXTS;
  }
}

/** Keeps the page's texts for the worker (called by the page). */
export async function keepWorkerTexts(caches: CacheOpener, texts: WorkerTexts): Promise<void> {
  const cache = await caches.open(WORKER_TEXTS_CACHE);
  await cache.put(
    WORKER_TEXTS_URL,
    new Response(JSON.stringify(texts), { headers: { 'Content-Type': 'application/json' } }),
  );
}

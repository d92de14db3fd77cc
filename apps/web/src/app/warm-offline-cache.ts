import { activeLocale } from '../i18n/active-locale';

/** The build's list of chunks (`/asset-list.json`, written by vite.config.ts); null without one. */
async function assetList(): Promise<unknown[] | null> {
  const response = await fetch('/asset-list.json', { cache: 'no-cache' });
  // The dev server has no list; the worker (sw.ts, CACHE_ASSETS) checks each entry it is given.
  if (!response.ok) return null;
  const listed: unknown = await response.json();
  return Array.isArray(listed) ? listed : null;
}

async function cacheInWorker(urls: unknown[]): Promise<void> {
  const registration = await navigator.serviceWorker.ready;
  registration.active?.postMessage({ type: 'CACHE_ASSETS', urls });
}

const isCatalog = (url: unknown) => typeof url === 'string' && url.startsWith('/assets/catalog-');
const ofLanguage = (url: unknown, locale: string) =>
  typeof url === 'string' && url.startsWith(`/assets/catalog-${locale}-`);

/**
 * Puts every built chunk into the service worker's cache while online, so that a screen never opened
 * online still opens offline later: only the offline start is precached (decision 051). The worker
 * fetches the files itself, from the build's list. Importing the screens here instead evaluated
 * every screen's modules (zod with the contract, the report, the care circle) on the page's main
 * thread during a signed-in start (decision 054). Of the catalogs, only the page's language's
 * (decision 361: each language is ~30 KiB).
 */
export async function warmOfflineCache(): Promise<void> {
  if (!('serviceWorker' in navigator)) return;
  try {
    const listed = await assetList();
    const locale = activeLocale();
    if (listed) await cacheInWorker(listed.filter((url) => !isCatalog(url) || ofLanguage(url, locale)));
  } catch {
    // Offline again, or the list unreadable: the next start tries again; nothing is lost.
  }
}

/**
 * The page's language's catalogs into the worker's cache at once, not on idle (decision 361): the
 * offline start needs them as it needs the precached files, and they cannot be precached for a
 * language the worker does not know. Again whenever the language changes.
 */
export async function keepLanguageOffline(): Promise<void> {
  if (!('serviceWorker' in navigator)) return;
  try {
    const listed = await assetList();
    const locale = activeLocale();
    if (listed) await cacheInWorker(listed.filter((url) => ofLanguage(url, locale)));
  } catch {
    // Offline: the catalogs this page loaded are in the worker's cache if it served them.
  }
}

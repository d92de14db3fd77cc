import { activeLocale } from '../i18n/active-locale';

/**
 * Puts every built chunk into the service worker's cache while online, so that a screen never opened
 * online still opens offline later: only the offline start is precached (decision 051). The worker
 * fetches the files itself, from the build's list (`/asset-list.json`, written by vite.config.ts).
 * Importing the screens here instead evaluated every screen's modules (zod with the contract, the
 * report, the care circle) on the page's main thread during a signed-in start (decision 054).
 */
export async function warmOfflineCache(): Promise<void> {
  if (!('serviceWorker' in navigator)) return;
  try {
    const response = await fetch('/asset-list.json', { cache: 'no-cache' });
    // The dev server has no list; the worker (sw.ts, CACHE_ASSETS) checks each entry it is given.
    if (!response.ok) return;
    const listed: unknown = await response.json();
    // Decision 361: of the catalogs, only the page's language's (each language is ~30 KiB).
    const locale = activeLocale();
    const urls = Array.isArray(listed)
      ? listed.filter(
          (url) =>
            typeof url !== 'string' ||
            !url.startsWith('/assets/catalog-') ||
            url.startsWith(`/assets/catalog-${locale}-`),
        )
      : listed;
    const registration = await navigator.serviceWorker.ready;
    registration.active?.postMessage({ type: 'CACHE_ASSETS', urls });
  } catch {
    // Offline again, or the list unreadable: the next start tries again; nothing is lost.
  }
}

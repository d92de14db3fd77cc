/// <reference lib="webworker" />
import { clientsClaim } from 'workbox-core';
import {
  cleanupOutdatedCaches,
  createHandlerBoundToURL,
  getCacheKeyForURL,
  precacheAndRoute,
} from 'workbox-precaching';
import { ExpirationPlugin } from 'workbox-expiration';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { CacheFirst } from 'workbox-strategies';
import { registerOfflineSync } from './sw/offline-sync';
import { registerPushHandlers } from './sw/push-handlers';
import { storedWorkerTexts } from './sw/worker-texts';

declare const self: ServiceWorkerGlobalScope & {
  __WB_MANIFEST: (string | { url: string; revision: string | null })[];
};

// What the app needs to start offline and show the schedule is precached (the shell, the full app,
// the dashboard: scripts/precache-core.mjs); the install stays small (decision 051).
cleanupOutdatedCaches();
precacheAndRoute(self.__WB_MANIFEST);

// Every other built file (the other screens' chunks) is kept the first time it is fetched, so a
// screen used once opens offline too. Hashed names never change content: the cache answers first.
const assets = new CacheFirst({
  cacheName: 'medrem-assets',
  // Old builds' chunks are dropped as new ones come in.
  plugins: [
    new ExpirationPlugin({ maxEntries: 120, maxAgeSeconds: 60 * 60 * 24 * 60, purgeOnQuotaError: true }),
  ],
});
const isAsset = (url: URL) => url.origin === self.location.origin && url.pathname.startsWith('/assets/');
registerRoute(({ url }) => isAsset(url), assets);

// Once the app has started online it names every built file (app/warm-offline-cache.ts, from the
// build's asset-list.json) and they are fetched and kept here, through the same strategy, so expiry
// counts them; the page runs none of them. Precached files and anything outside /assets/ are skipped.
function cacheAssets(event: ExtendableMessageEvent, urls: unknown): void {
  if (!Array.isArray(urls)) return;
  const wanted = urls
    .filter((u): u is string => typeof u === 'string')
    .slice(0, 200)
    .map((u) => new URL(u, self.location.origin))
    .filter((url) => isAsset(url) && getCacheKeyForURL(url.href) === undefined);
  event.waitUntil(
    Promise.allSettled(wanted.map((url) => assets.handle({ event, request: new Request(url.href) }))),
  );
}

// SPA navigations get the cached index.html; API and docs routes always go to the network.
registerRoute(
  new NavigationRoute(createHandlerBoundToURL('/index.html'), {
    denylist: [/^\/api/, /^\/trpc/, /^\/jwt/],
  }),
);

// The update prompt's Reload asks the waiting worker to take over.
self.addEventListener('message', (event: ExtendableMessageEvent) => {
  const data = event.data as { type?: string; urls?: unknown } | null;
  if (data?.type === 'SKIP_WAITING') void self.skipWaiting();
  if (data?.type === 'CACHE_ASSETS') cacheAssets(event, data.urls);
});

clientsClaim();

// Writes made offline (ticks, reads, notification buttons) are sent by Background Sync as well.
const offlineSync = registerOfflineSync(self);

// Reminders: show pushes with 'Mark as taken' / 'Snooze 10 min'; clicks act or open the dashboard.
// A 'Mark as taken' pressed offline is kept and sent when the network is back.
registerPushHandlers(self, {
  queueTake: offlineSync.queueTake,
  texts: () => storedWorkerTexts(self.caches),
});

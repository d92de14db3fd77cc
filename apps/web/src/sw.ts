/// <reference lib="webworker" />
import { clientsClaim } from 'workbox-core';
import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { registerOfflineSync } from './sw/offline-sync';
import { registerPushHandlers } from './sw/push-handlers';

declare const self: ServiceWorkerGlobalScope & {
  __WB_MANIFEST: (string | { url: string; revision: string | null })[];
};

// The app shell (built JS, CSS, HTML, icons, manifest) is precached so the schedule opens offline.
cleanupOutdatedCaches();
precacheAndRoute(self.__WB_MANIFEST);

// SPA navigations get the cached index.html; API and docs routes always go to the network.
registerRoute(
  new NavigationRoute(createHandlerBoundToURL('/index.html'), {
    denylist: [/^\/api/, /^\/trpc/, /^\/jwt/],
  }),
);

// The update prompt's Reload asks the waiting worker to take over.
self.addEventListener('message', (event: ExtendableMessageEvent) => {
  if ((event.data as { type?: string } | null)?.type === 'SKIP_WAITING') void self.skipWaiting();
});

clientsClaim();

// Writes made offline (ticks, reads, notification buttons) are sent by Background Sync as well.
const offlineSync = registerOfflineSync(self);

// Reminders: show pushes with 'Mark as taken' / 'Snooze 10 min'; clicks act or open the dashboard.
// A 'Mark as taken' pressed offline is kept and sent when the network is back.
registerPushHandlers(self, { queueTake: offlineSync.queueTake });

/// <reference lib="webworker" />
import { clientsClaim } from 'workbox-core';
import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
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

// Reminders: show pushes with 'Mark as taken' / 'Snooze 10 min'; clicks act or open the dashboard.
registerPushHandlers(self);

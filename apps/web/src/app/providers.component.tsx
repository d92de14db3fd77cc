import type { DashboardStart } from '@medrem/contract';
import { QueryClientProvider, onlineManager } from '@tanstack/react-query';
import { RouterProvider } from '@tanstack/react-router';
import { createTRPCQueryUtils } from '@trpc/react-query';
import { useEffect, useState } from 'react';
import { AuthProvider } from '../features/auth/auth.provider';
import { seedDashboardStart } from '../features/dashboard/dashboard-start';
import { savedOfflineAccount } from '../features/offline/saved-account';
import { createApiClient } from '../lib/api-client';
import { trpc } from '../lib/trpc';
import { onIdle } from '../lib/on-idle';
import { dismissScreenToasts } from '../lib/toast';
import { createAppRouter } from '../routes/router';
import { createQueryClient } from './query-client';
import type { SessionAnswer } from './start-session';

import { useCatalogVersion } from '../i18n/lingui-runtime';

// Online only: a chunk of its own, fetched when it runs (not part of the offline start).
const loadOfflineCaching = () => import('./warm-offline-cache');
// Gone offline before its chunk came: the next start caches what this one could not.
const ignoreOffline = () => undefined;
/**
 * The full app. `initialSession`: who is signed in, when the start already asked the server (the
 * signed-out first paint, or its sign-in: decision 051); the auth provider then need not ask again.
 * `dashboardStart`: the dashboard's first answers, from the page (decision 061), for that user.
 */
export function App({
  initialSession,
  dashboardStart,
}: {
  initialSession?: SessionAnswer | undefined;
  dashboardStart?: DashboardStart | undefined;
}) {
  const [state] = useState(() => {
    // TanStack Query assumes online until an event says otherwise: offline queries would spin.
    onlineManager.setOnline(navigator.onLine);
    const queryClient = createQueryClient();
    const client = createApiClient();
    const api = createTRPCQueryUtils({ queryClient, client });
    if (initialSession) api.auth.session.setData(undefined, initialSession);
    const answered = dashboardStart && initialSession?.user?.email === dashboardStart.userEmail;
    if (answered) seedDashboardStart(api, dashboardStart);
    const router = createAppRouter({ api });
    return { queryClient, client, router, answeredFor: answered ? dashboardStart.userEmail : undefined };
  });
  // The device's saved answers go into the cache before the first render (a cold start offline);
  // the code that reads them loads only when there are some (decision 072).
  const [restored, setRestored] = useState(() => savedOfflineAccount() === null);
  useEffect(() => {
    if (restored) return;
    void import('../features/offline/restore-offline-data')
      .then((m) => m.restoreOfflineData(state.queryClient))
      .catch((e: unknown) => console.warn('Could not read the data saved on this device', e))
      .finally(() => setRestored(true));
    // Once, at start.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [state.queryClient]);
  // A message about a screen (a form's refusal) goes when the user leaves that screen (issue 51).
  useEffect(
    () =>
      state.router.subscribe('onResolved', ({ pathChanged }) => {
        if (pathChanged) dismissScreenToasts();
      }),
    [state.router],
  );
  // Every screen into the service worker's cache while online, unless the user asked to save data.
  useEffect(() => {
    const connection = (navigator as { connection?: { saveData?: boolean } }).connection;
    if (!navigator.onLine || connection?.saveData) return undefined;
    return onIdle(() => void loadOfflineCaching().then((m) => m.warmOfflineCache(), ignoreOffline), 10_000);
  }, []);
  const textsVersion = useCatalogVersion();
  // The language's catalogs are part of the offline start (decision 361): cached at once.
  useEffect(() => {
    if (navigator.onLine) void loadOfflineCaching().then((m) => m.keepLanguageOffline(), ignoreOffline);
  }, [textsVersion]);
  if (!restored) return null;
  return (
    <trpc.Provider client={state.client} queryClient={state.queryClient}>
      <QueryClientProvider client={state.queryClient}>
        <AuthProvider answeredFor={state.answeredFor}>
          {/* Drawn again when the language, a catalog or the clock changes (decision 361). */}
          <RouterProvider key={textsVersion} router={state.router} />
        </AuthProvider>
      </QueryClientProvider>
    </trpc.Provider>
  );
}

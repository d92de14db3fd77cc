import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from '@tanstack/react-router';
import { createTRPCQueryUtils } from '@trpc/react-query';
import { useEffect, useState } from 'react';
import { AuthProvider } from '../features/auth/auth.provider';
import { restoreOfflineData } from '../features/offline/restore-offline-data';
import { createApiClient } from '../lib/api-client';
import { trpc } from '../lib/trpc';
import { createAppRouter } from '../routes/router';
import { createQueryClient } from './query-client';

export function App() {
  const [state] = useState(() => {
    const queryClient = createQueryClient();
    const client = createApiClient();
    const router = createAppRouter({ api: createTRPCQueryUtils({ queryClient, client }) });
    return { queryClient, client, router };
  });
  // The device's saved answers go into the cache before the first render (a cold start offline).
  const [restored, setRestored] = useState(false);
  useEffect(() => {
    void restoreOfflineData(state.queryClient).finally(() => setRestored(true));
  }, [state.queryClient]);
  if (!restored) return null;
  return (
    <trpc.Provider client={state.client} queryClient={state.queryClient}>
      <QueryClientProvider client={state.queryClient}>
        <AuthProvider>
          <RouterProvider router={state.router} />
        </AuthProvider>
      </QueryClientProvider>
    </trpc.Provider>
  );
}

import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from '@tanstack/react-router';
import { createTRPCQueryUtils } from '@trpc/react-query';
import { useState } from 'react';
import { AuthProvider } from '../features/auth/auth.provider';
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

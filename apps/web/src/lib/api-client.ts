import { httpBatchLink } from '@trpc/client';
import { authTokenLink, bearerHeaders } from './auth-token.link';
import { TRPC_URL } from './token-refresh';
import { trpc } from './trpc';

/** The one shared client: token link first, then batched plain-JSON HTTP (no transformer). */
export function createApiClient() {
  return trpc.createClient({
    links: [authTokenLink, httpBatchLink({ url: TRPC_URL, headers: bearerHeaders })],
  });
}
export type ApiClient = ReturnType<typeof createApiClient>;

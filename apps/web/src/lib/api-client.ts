import { httpBatchLink } from '@trpc/client';
import { authTokenLink, bearerHeaders } from './auth-token.link';
import { clockedFetch } from './server-clock';
import { TRPC_URL } from './trpc-url';
import { trpc } from './trpc';

/** The server refuses batches of more calls (its TRPC_MAX_BATCH_SIZE); larger ones are split here. */
const MAX_BATCH_ITEMS = 10;

/** The one shared client: token link first, then batched plain-JSON HTTP (no transformer). */
export function createApiClient() {
  return trpc.createClient({
    links: [
      authTokenLink,
      httpBatchLink({
        url: TRPC_URL,
        headers: bearerHeaders,
        maxItems: MAX_BATCH_ITEMS,
        fetch: clockedFetch,
      }),
    ],
  });
}
export type ApiClient = ReturnType<typeof createApiClient>;

import { fastifyTRPCPlugin, type FastifyTRPCPluginOptions } from '@trpc/server/adapters/fastify';
import fp from 'fastify-plugin';
import { type AppRouter, appRouter } from '../../trpc/app-router';
import { createRequestContext } from './request-context';

/**
 * The most calls one batched request may carry. Unbounded, one HTTP request (one hit on the global
 * rate limit) could carry hundreds of sign-ins, each an argon2 hash. The web client batches at most
 * as many (apps/web/src/lib/api-client.ts).
 */
export const TRPC_MAX_BATCH_SIZE = 10;

/** The endpoint the web app calls end to end, typed by AppRouter. */
export default fp(
  async (app) => {
    await app.register(fastifyTRPCPlugin, {
      prefix: '/trpc',
      trpcOptions: {
        router: appRouter,
        maxBatchSize: TRPC_MAX_BATCH_SIZE,
        createContext: ({ req, res }) => createRequestContext(app.services, req, res),
        // Through the request's logger: the lines carry its id (decision 138).
        onError: ({ error, path, req }) => {
          if (error.code === 'INTERNAL_SERVER_ERROR') req.log.error({ err: error, path }, 'tRPC call failed');
          // An outage is logged without the failed query (its parameters may be health data).
          if (error.code === 'SERVICE_UNAVAILABLE') req.log.warn({ path }, 'database unavailable');
        },
      } satisfies FastifyTRPCPluginOptions<AppRouter>['trpcOptions'],
    });
  },
  { name: 'trpc', dependencies: ['services', 'cookies'] },
);

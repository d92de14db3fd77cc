import { fastifyTRPCPlugin, type FastifyTRPCPluginOptions } from '@trpc/server/adapters/fastify';
import fp from 'fastify-plugin';
import { type AppRouter, appRouter } from '../../trpc/app-router';
import { createRequestContext } from './request-context';

/** The endpoint the web app calls end to end, typed by AppRouter. */
export default fp(
  async (app) => {
    await app.register(fastifyTRPCPlugin, {
      prefix: '/trpc',
      trpcOptions: {
        router: appRouter,
        createContext: ({ req, res }) => createRequestContext(app.services, req, res),
        onError: ({ error, path }) => {
          if (error.code === 'INTERNAL_SERVER_ERROR') app.log.error({ err: error, path }, 'tRPC call failed');
          // An outage is logged without the failed query (its parameters may be health data).
          if (error.code === 'SERVICE_UNAVAILABLE') app.log.warn({ path }, 'database unavailable');
        },
      } satisfies FastifyTRPCPluginOptions<AppRouter>['trpcOptions'],
    });
  },
  { name: 'trpc', dependencies: ['services', 'cookies'] },
);

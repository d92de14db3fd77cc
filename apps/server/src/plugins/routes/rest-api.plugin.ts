import { contract } from '@medrem/contract';
import type { ProcedureDefinition } from '@medrem/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { z } from 'zod';
import { restFailure, restProcedure } from '../../trpc/rest-call';
import { arrayFieldsOf, coerceQueryInput } from '../../trpc/strict-body';
import { createRequestContext } from './request-context';
import { queryFields, refuseMalformed } from './rest-input';

type AnyDefinition = ProcedureDefinition<z.ZodType, z.ZodType>;

/** Every REST definition of the contract, with its tRPC path ("medicine.list"). */
function definitions(): { path: string; definition: AnyDefinition }[] {
  return Object.entries(contract)
    .flatMap(([feature, procedures]) =>
      Object.entries(procedures as Record<string, AnyDefinition>).map(([name, definition]) => ({
        path: `${feature}.${name}`,
        definition,
      })),
    )
    .filter(({ definition }) => definition.meta.openapi.enabled !== false);
}

/**
 * The REST facade: one Fastify route per contract entry, at the spec's path, served by the same
 * tRPC procedure (rest-call.ts); trpc-to-openapi documents them (openapi.json). Precise routes leave
 * every other URL to the web app and give unknown API paths a real 404. Path parameters come
 * decoded by Fastify, so an email written as encodeURIComponent writes it (ada%40example.com) works.
 */
export default fp(
  async (app) => {
    for (const { path, definition } of definitions()) {
      const { method, path: restPath } = definition.meta.openapi;
      // Query strings carry text: numbers and booleans of a GET input are read from it (body-carrying
      // inputs are pinned against this, strict-body.ts).
      if (method === 'GET') coerceQueryInput(definition.input);
      const arrayKeys = arrayFieldsOf(definition.input);
      const call = restProcedure(path);
      const type = method === 'GET' ? 'query' : 'mutation';
      const status = definition.meta.successStatus ?? 200;
      const readsBody = method !== 'GET' && method !== 'DELETE';

      const serve = async (request: FastifyRequest, reply: FastifyReply) => {
        const refused = refuseMalformed(request);
        if (refused) return reply.status(refused.status).send(refused.body);
        const params = request.params as Record<string, string>;
        const fields = readsBody
          ? (request.body as Record<string, unknown> | undefined)
          : queryFields(request.query as Record<string, unknown>, arrayKeys);
        const input = { ...fields, ...params };
        const ctx = createRequestContext(app.services, request, reply);
        try {
          const data = await call(ctx, input);
          return reply.status(status).send(data);
        } catch (cause) {
          const failure = restFailure(cause, { path, type, input, ctx });
          if (failure.error.code === 'INTERNAL_SERVER_ERROR')
            app.log.error({ err: failure.error, path }, 'REST call failed');
          // An outage is logged without the failed query (its parameters may be health data).
          if (failure.error.code === 'SERVICE_UNAVAILABLE') app.log.warn({ path }, 'database unavailable');
          return reply.status(failure.status).send(failure.body);
        }
      };
      app.route({ method, url: restPath.replace(/\{(\w+)\}/g, ':$1'), handler: serve });
    }
  },
  { name: 'rest-api', dependencies: ['services', 'cookies'] },
);

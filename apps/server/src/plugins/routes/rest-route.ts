import type { ProcedureDefinition } from '@medrem/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { restFailure, restProcedure } from '../../trpc/rest-call';
import { arrayFieldsOf, coerceQueryInput } from '../../trpc/strict-body';
import { createRequestContext } from './request-context';
import { queryFields, refuseMalformed } from './rest-input';

type AnyDefinition = ProcedureDefinition<z.ZodType, z.ZodType>;

export interface RestRouteOptions {
  /** Path parameters that pick the answer's form and are not the procedure's input. */
  omitParams?: readonly string[];
  /** Sends the procedure's result; JSON with the definition's status when absent. */
  send?: (
    reply: FastifyReply,
    data: unknown,
    request: FastifyRequest,
  ) => Promise<FastifyReply> | FastifyReply;
}

/**
 * The handler of one REST route served by the tRPC procedure at `path` ("medicine.list"): the same
 * middlewares (authentication), input validation and error bodies as every call of the facade.
 * `send` lets a route answer with a file instead of JSON (the doctor's report, decision 101).
 */
export function restHandler(
  app: FastifyInstance,
  path: string,
  definition: AnyDefinition,
  options: RestRouteOptions = {},
) {
  const method = definition.meta.openapi.method;
  // Query strings carry text: numbers and booleans of a GET input are read from it (body-carrying
  // inputs are pinned against this, strict-body.ts).
  if (method === 'GET') coerceQueryInput(definition.input);
  const arrayKeys = arrayFieldsOf(definition.input);
  const call = restProcedure(path);
  const type = method === 'GET' ? 'query' : 'mutation';
  const status = definition.meta.successStatus ?? 200;
  const readsBody = method !== 'GET' && method !== 'DELETE';

  return async (request: FastifyRequest, reply: FastifyReply) => {
    const refused = refuseMalformed(request);
    if (refused) return reply.status(refused.status).send(refused.body);
    const params = { ...(request.params as Record<string, string>) };
    for (const name of options.omitParams ?? []) delete params[name];
    // A DELETE may carry a JSON body too: deleting the account sends its password there, never in
    // the URL (decision 198).
    const fields =
      readsBody || (method === 'DELETE' && request.body != null)
        ? (request.body as Record<string, unknown> | undefined)
        : queryFields(request.query as Record<string, unknown>, arrayKeys);
    const input = { ...fields, ...params };
    const ctx = createRequestContext(app.services, request, reply);
    try {
      const data = await call(ctx, input);
      return options.send ? await options.send(reply, data, request) : reply.status(status).send(data);
    } catch (cause) {
      const failure = restFailure(cause, { path, type, input, ctx });
      if (failure.error.code === 'INTERNAL_SERVER_ERROR')
        request.log.error({ err: failure.error, path }, 'REST call failed');
      // An outage is logged without the failed query (its parameters may be health data).
      if (failure.error.code === 'SERVICE_UNAVAILABLE') request.log.warn({ path }, 'database unavailable');
      return reply.status(failure.status).send(failure.body);
    }
  };
}

import { TRPCError } from '@trpc/server';
import { getHTTPStatusCodeFromError } from '@trpc/server/http';
import { type ProcedureCallOptions, getErrorShape } from '@trpc/server/unstable-core-do-not-import';
import { ZodError } from 'zod';
import { appRouter } from './app-router';
import { describeIssues } from './describe-issues';
import type { RequestContext } from './trpc';

/** A procedure called directly: what tRPC's own callers hand it (`ProcedureCallOptions`). */
type ProcedureCall = (opts: ProcedureCallOptions<RequestContext>) => Promise<unknown>;

/** What a REST call answers: the status and the JSON body. */
export interface RestAnswer {
  status: number;
  body: unknown;
}

/** The REST error body: the tRPC error shape, with one readable sentence for invalid input. */
export interface RestFailure extends RestAnswer {
  error: TRPCError;
}

/**
 * Calls the procedure at `path` ("medicine.list") the way the tRPC endpoint does — its middlewares,
 * input and output validation — with the options tRPC's server-side caller would give it. The REST
 * facade used to go through trpc-to-openapi's HTTP handler, which rebuilds each request as a fetch
 * Request (decision 130); a caller made per request then built a proxy per call and looked the
 * procedure up again: it is found once, here (decision 132).
 */
export function restProcedure(path: string): (ctx: RequestContext, input: unknown) => Promise<unknown> {
  const procedure = (appRouter._def.procedures as unknown as Record<string, ProcedureCall | undefined>)[path];
  if (!procedure) throw new Error(`no procedure at ${path}`);
  const type = (procedure as unknown as { _def: { type: 'query' | 'mutation' | 'subscription' } })._def.type;
  return (ctx, input) =>
    procedure({
      path,
      ctx,
      type,
      getRawInput: () => Promise.resolve(input),
      signal: undefined,
      batchIndex: 0,
    });
}

/**
 * The answer for a failed call, in the body trpc-to-openapi gave (clients and tests rely on it):
 * `{ code, message, data }`, where `message` of invalid input names each field and what is wrong.
 */
export function restFailure(
  cause: unknown,
  call: { path: string; type: 'query' | 'mutation'; input: unknown; ctx: RequestContext },
): RestFailure {
  const error =
    cause instanceof TRPCError
      ? cause
      : new TRPCError({
          code: 'INTERNAL_SERVER_ERROR',
          message: 'Internal server error',
          ...(cause instanceof Error ? { cause } : {}),
        });
  const shape = getErrorShape({
    config: appRouter._def._config,
    error,
    type: call.type,
    path: call.path,
    input: call.input,
    ctx: call.ctx,
  });
  const invalid = error.code === 'BAD_REQUEST' && error.cause instanceof ZodError ? error.cause : undefined;
  return {
    status: getHTTPStatusCodeFromError(error),
    error,
    body: {
      ...shape,
      code: error.code,
      message: invalid ? describeIssues(invalid.issues) : shape.message,
    },
  };
}

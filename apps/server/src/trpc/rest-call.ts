import { TRPCError } from '@trpc/server';
import { getHTTPStatusCodeFromError } from '@trpc/server/http';
import { getErrorShape } from '@trpc/server/unstable-core-do-not-import';
import { ZodError } from 'zod';
import { appRouter } from './app-router';
import { describeIssues } from './describe-issues';
import { type RequestContext, createCallerFactory } from './trpc';

type ProcedureCall = (input: unknown) => Promise<unknown>;
type Caller = Record<string, Record<string, ProcedureCall>>;

const createCaller = createCallerFactory(appRouter);

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
 * input and output validation — through a server-side caller. The REST facade used to go through
 * trpc-to-openapi's HTTP handler, which rebuilds each request as a fetch Request with an
 * AbortSignal and re-parses the URL; that cost a third of a bare request's time (decision 100).
 */
export function restProcedure(path: string): (ctx: RequestContext, input: unknown) => Promise<unknown> {
  const [feature, name] = path.split('.') as [string, string];
  return (ctx, input) => (createCaller(ctx) as unknown as Caller)[feature]![name]!(input);
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

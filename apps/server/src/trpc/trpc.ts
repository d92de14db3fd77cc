import {
  type Access,
  ERROR_REASONS,
  type ProcedureDefinition,
  type ProcedureScope,
  type SignInMethod,
  scopeRefusalMessage,
  tokenAllows,
} from '@medrem/contract';
import { TRPCError, initTRPC } from '@trpc/server';
import type { OpenApiMeta } from 'trpc-to-openapi';
import { ZodError, type z } from 'zod';
import { AppError } from '../lib/app-error';
import { DATABASE_UNAVAILABLE_MESSAGE, isDatabaseUnavailable } from '../db/database-unavailable';
import type { NewSession } from '../features/auth/auth.service';
import type { Services } from '../composition/create-services';
import type { OperationLog } from '../lib/operation-log';
import { describeIssues } from './describe-issues';
import { pinNoCoercion } from './strict-body';

export const SERVER_ERROR_MESSAGE = 'Something went wrong on our side. Please try again later.';

/** What every procedure sees of the request: no HTTP objects, only what the rules need. */
export interface RequestContext {
  services: Services;
  ip: string;
  /** scheme://host the caller reached us at (behind a trusted proxy, as it forwarded): absolute links. */
  origin: string;
  bearerToken: string | undefined;
  /** The request's logger: what a service logs for this call carries the request's id. */
  log: OperationLog;
  session: {
    token: string | undefined;
    /** Sets the session cookie and the device cookie, and records the sign-in (decision 295). */
    start(session: NewSession, signIn: { userId: string; method: SignInMethod }): void;
    end(): void;
  };
}

/** The contract's meta, with every key optional as trpc-to-openapi's router type requires. */
type RouterMeta = OpenApiMeta<{
  access?: Access;
  scope?: ProcedureScope;
  successStatus?: 200 | 201 | 202;
  probe?: true;
}>;

const t = initTRPC
  .context<RequestContext>()
  .meta<RouterMeta>()
  .create({
    isDev: false,
    errorFormatter({ shape, error }) {
      const zodError = error.cause instanceof ZodError ? error.cause : undefined;
      const message =
        error.code === 'INTERNAL_SERVER_ERROR'
          ? SERVER_ERROR_MESSAGE
          : zodError
            ? describeIssues(zodError.issues)
            : shape.message;
      // No stack, no internals: only what a client can act on.
      return {
        code: shape.code,
        message,
        data: {
          code: shape.data.code,
          httpStatus: shape.data.httpStatus,
          path: shape.data.path,
          ...(error.cause instanceof AppError && error.cause.reason ? { reason: error.cause.reason } : {}),
          ...(zodError
            ? { issues: zodError.issues.map((i) => ({ path: i.path.map(String), message: i.message })) }
            : {}),
        },
      };
    },
  });

/**
 * Services raise AppErrors in product words; here they become the matching API error. A database
 * outage is no bug of the call: 503, and the client may simply retry. Anything else passes as it is.
 */
function apiErrorOf(cause: unknown): TRPCError | undefined {
  if (cause instanceof AppError) return new TRPCError({ code: cause.kind, message: cause.message, cause });
  if (isDatabaseUnavailable(cause)) {
    return new TRPCError({ code: 'SERVICE_UNAVAILABLE', message: DATABASE_UNAVAILABLE_MESSAGE });
  }
  return undefined;
}

/** A failed result whose cause is an AppError or an outage is thrown again as its API error. */
function mappedResult<R extends { ok: boolean; error?: { cause?: unknown } }>(result: R): R {
  if (!result.ok) {
    const mapped = apiErrorOf(result.error?.cause);
    if (mapped) throw mapped;
  }
  return result;
}

const mapAppErrors = t.middleware(async ({ next }) => mappedResult(await next()));

export const router = t.router;
export const createCallerFactory = t.createCallerFactory;

const publicProcedure = t.procedure.use(mapAppErrors);

/**
 * The caller's token checked, and AppErrors mapped, in one middleware: each tRPC middleware level
 * copies the call's options twice, so a bearer call runs one level fewer than with mapAppErrors and
 * the check stacked (decision 132). A personal token's scopes are judged here too, before the input
 * is parsed, so a token outside its scope learns nothing of the call's input (decision 267).
 * `ctx: { caller }` is merged into the context by tRPC.
 */
const authenticatedProcedure = t.procedure.use(async ({ ctx, meta, next }) => {
  let caller: Awaited<ReturnType<typeof ctx.services.auth.authenticate>>;
  try {
    caller = await ctx.services.auth.authenticate(ctx.bearerToken);
  } catch (cause) {
    throw apiErrorOf(cause) ?? cause;
  }
  if (!caller) {
    throw new TRPCError({
      code: 'UNAUTHORIZED',
      message: 'Please log in to continue (missing or expired token).',
    });
  }
  // A bearer procedure without a scope cannot be defined; 'account' is the safe reading regardless.
  const needed = meta?.scope ?? 'account';
  if (!tokenAllows(caller.scopes, needed)) {
    const message = scopeRefusalMessage(needed);
    const cause = new AppError('FORBIDDEN', message, ERROR_REASONS.tokenScope);
    throw new TRPCError({ code: 'FORBIDDEN', message, cause });
  }
  return mappedResult(await next({ ctx: { caller } }));
});

function prepare<I extends z.ZodType, O extends z.ZodType>(definition: ProcedureDefinition<I, O>) {
  if (definition.meta.openapi.method !== 'GET') pinNoCoercion(definition.input);
  return definition;
}

/** A procedure anyone may call (its rules may still ask for proof, as /jwt does). */
export function publicFrom<I extends z.ZodType, O extends z.ZodType>(definition: ProcedureDefinition<I, O>) {
  if (definition.meta.access === 'bearer')
    throw new Error(`${definition.meta.openapi.path} needs a bearer token`);
  const { meta, input, output } = prepare(definition);
  return publicProcedure.meta(meta).input(input).output(output);
}

/**
 * A subscription (server-sent events). Its definition's output describes one event; tRPC's output
 * parser would see the event stream itself, so events are typed by the generator instead of parsed.
 */
export function subscriptionFrom<I extends z.ZodType, O extends z.ZodType>(
  definition: ProcedureDefinition<I, O>,
) {
  const { meta, input } = prepare(definition);
  return publicProcedure.meta(meta).input(input);
}

/** A procedure that needs a valid access token; its context carries the verified caller. */
export function authenticatedFrom<I extends z.ZodType, O extends z.ZodType>(
  definition: ProcedureDefinition<I, O>,
) {
  if (definition.meta.access !== 'bearer')
    throw new Error(`${definition.meta.openapi.path} is not a bearer call`);
  const { meta, input, output } = prepare(definition);
  return authenticatedProcedure.meta(meta).input(input).output(output);
}

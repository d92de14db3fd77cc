import type { z } from 'zod';
import { ERROR_REASONS } from './constants';
import type { ProcedureScope } from './token-scopes';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * Who may call a procedure:
 * - public: anyone;
 * - session: proved by the session cookie (or the password in the body, for /jwt);
 * - bearer: a valid access token in `Authorization: Bearer`.
 */
export type Access = 'public' | 'session' | 'bearer';

/**
 * A bearer procedure must say which personal-token scope may call it (issue 59, decision 266), so a
 * new one cannot be added without that decision; the others have no scope.
 */
export type AccessDefinition =
  { access: 'bearer'; scope: ProcedureScope } | { access: 'public' | 'session'; scope?: never };

// A type alias, not an interface: trpc-to-openapi needs it assignable to Record<string, unknown>.
export type ProcedureMeta = {
  access: Access;
  /** The personal-token scope a bearer procedure needs ('account': no personal token at all). */
  scope?: ProcedureScope;
  /** A whole valid input (path, query and body fields): the API document's example (decision 273). */
  example?: unknown;
  /** HTTP status of a successful REST answer (default 200). */
  successStatus: 200 | 201 | 202;
  /**
   * Called by load balancers and orchestrators every few seconds (decision 013): its REST route is
   * not rate limited and its successful answers write no access line.
   */
  probe?: true;
  openapi: {
    method: HttpMethod;
    path: `/${string}`;
    summary: string;
    description?: string;
    tags: string[];
    protect: boolean;
    successDescription?: string;
    errorResponses?: Record<number, string>;
    /** false: a tRPC-only procedure (a subscription), left out of the REST facade and openapi.json. */
    enabled?: boolean;
  };
};

export interface ProcedureDefinition<I extends z.ZodType, O extends z.ZodType> {
  meta: ProcedureMeta;
  input: I;
  output: O;
}

export { ERROR_REASONS, type ErrorReason } from './constants';

const KEY_REUSED = `idempotencyKey was already used for a different request (data.reason ${ERROR_REASONS.idempotencyKeyReused})`;
/** What a probe (decision 013) means to its caller, in the API docs of every probe. */
const PROBE_DESCRIPTION =
  'For load balancers and orchestrators: never rate limited, and a successful check writes no access log line.';

function acceptsIdempotencyKey(input: z.ZodType): boolean {
  const shape = (input as { shape?: unknown }).shape;
  return typeof shape === 'object' && shape !== null && 'idempotencyKey' in shape;
}

/** The 403 a personal token outside its scope gets, as the API document says it. */
function scopeRefusal(scope: ProcedureScope): string {
  return scope === 'account'
    ? `A personal access token may not call this (account only; reason ${ERROR_REASONS.tokenScope})`
    : `A personal access token without the scope ${scope} (reason ${ERROR_REASONS.tokenScope})`;
}

interface ProcedureFields<I extends z.ZodType, O extends z.ZodType> {
  method: HttpMethod;
  path: `/${string}`;
  summary: string;
  description?: string;
  tag: string;
  /** 202: accepted, the work happens later (a mail sent by the workers). */
  successStatus?: 200 | 201 | 202;
  errors?: Record<number, string>;
  /** false: tRPC only (e.g. a subscription); no REST route, not in openapi.json. */
  rest?: boolean;
  /** An infrastructure probe (decision 013): not rate limited, no access line when it answers ok. */
  probe?: true;
  /**
   * A valid input, for the API document (decision 273): path and query fields become the parameters'
   * examples, the rest the body's. Every call that takes a body has one, and each must pass `input`
   * (test/procedure-examples.test.ts), so an example cannot drift from its schema.
   */
  example?: z.input<I>;
  input: I;
  output: O;
}

/**
 * One definition per call: the zod input and output, its REST method and path, and who may call it
 * (a bearer call also with which personal-token scope). The server turns each into a tRPC
 * procedure; trpc-to-openapi exposes the same one as REST.
 */
export function defineProcedure<I extends z.ZodType, O extends z.ZodType>(
  definition: ProcedureFields<I, O> & AccessDefinition,
): ProcedureDefinition<I, O> {
  const commonErrors: Record<number, string> = { 400: 'Invalid input' };
  if (definition.access !== 'public')
    commonErrors[401] = 'Not signed in, or the token is missing, expired or forged';
  Object.assign(commonErrors, definition.errors);
  if (definition.access === 'bearer') {
    const own = definition.errors?.[403];
    const refusal = scopeRefusal(definition.scope);
    commonErrors[403] = own ? `${own}, or ${refusal.charAt(0).toLowerCase()}${refusal.slice(1)}` : refusal;
  }
  // A replay key reused for a different request is refused wherever a key is accepted.
  if (acceptsIdempotencyKey(definition.input)) {
    const own = definition.errors?.[409];
    commonErrors[409] = own ? `${own}, or the ${KEY_REUSED}` : `The ${KEY_REUSED}`;
  }
  const description = [definition.description, definition.probe ? PROBE_DESCRIPTION : undefined]
    .filter(Boolean)
    .join(' ');
  return {
    meta: {
      access: definition.access,
      ...(definition.access === 'bearer' ? { scope: definition.scope } : {}),
      successStatus: definition.successStatus ?? 200,
      ...(definition.probe ? { probe: true as const } : {}),
      ...(definition.example === undefined ? {} : { example: definition.example }),
      openapi: {
        method: definition.method,
        path: definition.path,
        summary: definition.summary,
        ...(description ? { description } : {}),
        tags: [definition.tag],
        protect: definition.access === 'bearer',
        errorResponses: commonErrors,
        ...(definition.rest === false ? { enabled: false } : {}),
      },
    },
    input: definition.input,
    output: definition.output,
  };
}

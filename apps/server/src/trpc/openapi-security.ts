import { PAT_PREFIX, type ProcedureMeta, TOKEN_SCOPES, TOKEN_SCOPE_TEXT } from '@medrem/contract';

type JsonObject = Record<string, unknown>;

/** The names the document's security requirements use. */
export const SCHEME = {
  jwt: 'BearerJwt',
  pat: 'PersonalAccessToken',
  metrics: 'MetricsToken',
  session: 'SessionCookie',
} as const;

/** The session cookie's name (plugins/routes/request-context.ts, which trpc/ may not import; a test ties them). */
export const SESSION_COOKIE_NAME = 'mr_session';

/**
 * Both kinds of bearer token the API takes, plus the operator's metrics token (decision 272). Both
 * user tokens travel as `Authorization: Bearer`; OpenAPI tells them apart only by name, so each
 * operation lists the one it takes, with the scope a personal token needs.
 */
export const SECURITY_SCHEMES: Record<string, JsonObject> = {
  [SCHEME.jwt]: {
    type: 'http',
    scheme: 'bearer',
    bearerFormat: 'JWT',
    description:
      'A one-hour token of a signed-in session: POST /jwt (with the session cookie, or email and password). It may call every bearer operation.',
  },
  [SCHEME.pat]: {
    type: 'http',
    scheme: 'bearer',
    bearerFormat: `${PAT_PREFIX}…`,
    description: `A personal access token (\`${PAT_PREFIX}…\`, Settings → Privacy & Security → Apps and tokens, or POST /api/tokens): revocable, optionally expiring, limited to its scopes. Each operation names the scope it needs (the role list of its security requirement, and \`x-required-scope\`); one outside the token's scopes answers 403. ${TOKEN_SCOPES.map((scope) => `\`${scope}\`: ${TOKEN_SCOPE_TEXT[scope]}`).join(' ')}`,
  },
  [SCHEME.session]: {
    type: 'apiKey',
    in: 'cookie',
    name: SESSION_COOKIE_NAME,
    description:
      'The httpOnly session cookie POST /api/auth/login sets; POST /jwt exchanges it (or email and password in the body) for a bearer token.',
  },
  [SCHEME.metrics]: {
    type: 'http',
    scheme: 'bearer',
    description: 'The operator’s METRICS_TOKEN, for Prometheus only (not a user’s token).',
  },
};

const ACCOUNT_ONLY =
  'Personal access tokens cannot call this: it needs the token of a signed-in session (POST /jwt).';

/**
 * A bearer operation's security: the JWT always, a personal token with its scope unless the call
 * is for the account itself (scope 'account'). OpenAPI 3.1 allows role names in a non-OAuth
 * requirement; `x-required-scope` says the same for tools that ignore them.
 */
export function applySecurity(operation: JsonObject, meta: ProcedureMeta | undefined): void {
  if (meta?.access === 'session') {
    // The cookie, or nothing but the password in the body (the empty requirement).
    operation.security = [{ [SCHEME.session]: [] }, {}];
    return;
  }
  if (meta?.access !== 'bearer' || !meta.scope) {
    delete operation.security;
    return;
  }
  operation['x-required-scope'] = meta.scope;
  if (meta.scope === 'account') {
    operation.security = [{ [SCHEME.jwt]: [] }];
    operation.description = [operation.description, ACCOUNT_ONLY].filter(Boolean).join(' ');
    return;
  }
  operation.security = [{ [SCHEME.jwt]: [] }, { [SCHEME.pat]: [meta.scope] }];
}

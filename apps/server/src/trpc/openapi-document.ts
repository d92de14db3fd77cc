import { ERROR_REASONS, type ProcedureDefinition, contract } from '@medrem/contract';
import { generateOpenApiDocument } from 'trpc-to-openapi';
import type { z } from 'zod';
import { appRouter } from './app-router';
import { COMMON_RESPONSES, PLAIN_ERROR, PLAIN_ERROR_SCHEMA, addCommonErrors } from './openapi-common-errors';
import { applyExample } from './openapi-examples';
import { addFileRoutes } from './openapi-file-routes';
import { addPlainRoutes } from './openapi-plain-routes';
import { SECURITY_SCHEMES, applySecurity } from './openapi-security';

type JsonObject = Record<string, unknown>;

/**
 * What every error body carries besides `code` and `message` (see the error formatter in
 * trpc.ts): the tRPC error data, with the concise validation issues. trpc-to-openapi's error
 * schemas forbid any other key, so without this every documented error would break its own schema.
 */
const ERROR_DATA_SCHEMA = {
  type: 'object',
  description:
    'The error in machine-readable form; `issues` lists the invalid fields of a 400, `reason` which of a status’s causes a refusal is (decision 181).',
  properties: {
    code: { type: 'string' },
    httpStatus: { type: 'integer' },
    path: { type: 'string' },
    reason: { type: 'string', enum: Object.values(ERROR_REASONS) },
    issues: {
      type: 'array',
      items: {
        type: 'object',
        properties: { path: { type: 'array', items: { type: 'string' } }, message: { type: 'string' } },
        required: ['path', 'message'],
        additionalProperties: false,
      },
    },
  },
  required: ['code', 'httpStatus'],
  additionalProperties: false,
};

/**
 * trpc-to-openapi puts a DELETE's fields in the query string; a password goes in a JSON body,
 * where the REST facade reads it (rest-route.ts), never in a URL (decision 198).
 */
function passwordToBody(operation: JsonObject): void {
  const parameters = (operation.parameters ?? []) as JsonObject[];
  const moved = parameters.filter((p) => p.in === 'query' && /password/i.test(String(p.name)));
  if (moved.length === 0) return;
  operation.parameters = parameters.filter((p) => !moved.includes(p));
  operation.requestBody = {
    required: false,
    content: {
      'application/json': {
        schema: {
          type: 'object',
          properties: Object.fromEntries(moved.map((p) => [String(p.name), p.schema])),
          additionalProperties: false,
        },
      },
    },
  };
}

/** The OpenAPI document of the REST facade, generated from the same procedures. */
export function createOpenApiDocument() {
  const document = generateOpenApiDocument(appRouter, {
    title: 'Medicine Reminder API',
    description:
      'Every call of the Medicine Reminder web app. For a script or app: create a personal access token (Settings → Privacy & Security → Apps and tokens, or POST /api/tokens) with the scopes it needs and send it as `Authorization: Bearer mr_pat_…`; each operation names the scope it needs. Or sign in with POST /api/auth/login (session cookie) and get a 1-hour token from POST /jwt, which may call every operation. A typed client generated from this document: packages/sdk (@medrem/sdk).',
    version: '1.0.0',
    baseUrl: '/',
    securitySchemes: SECURITY_SCHEMES as never,
  });
  const schemas = (document.components?.schemas ?? {}) as Record<string, JsonObject>;
  for (const [name, schema] of Object.entries(schemas)) {
    if (!name.startsWith('error.')) continue;
    schema.properties = { ...(schema.properties as JsonObject), data: ERROR_DATA_SCHEMA };
  }
  // A body that is not JSON is refused with 415 (rest-api.plugin.ts) by every call that takes one.
  schemas['error.UNSUPPORTED_MEDIA_TYPE'] = {
    type: 'object',
    title: 'Unsupported media type error (415)',
    description: 'The error information',
    properties: { message: { type: 'string' }, code: { type: 'string' }, data: ERROR_DATA_SCHEMA },
    required: ['message', 'code'],
    additionalProperties: false,
  };
  schemas[PLAIN_ERROR] = PLAIN_ERROR_SCHEMA;
  (document.components as JsonObject).responses = COMMON_RESPONSES;
  const metaOf = new Map<string, ProcedureDefinition<z.ZodType, z.ZodType>['meta']>(
    Object.values(contract)
      .flatMap((procedures) =>
        Object.values(procedures as Record<string, ProcedureDefinition<z.ZodType, z.ZodType>>),
      )
      .map(({ meta }) => [`${meta.openapi.method.toLowerCase()} ${meta.openapi.path}`, meta] as const),
  );
  for (const [path, methods] of Object.entries(document.paths ?? {})) {
    for (const [method, operation] of Object.entries(methods as Record<string, JsonObject>)) {
      const responses = operation.responses as Record<string, JsonObject>;
      const meta = metaOf.get(`${method} ${path}`);
      // trpc-to-openapi keeps one response object per error code for the whole document, so every
      // 409 would carry the first operation's description: each gets a copy with its own words.
      for (const [status, description] of Object.entries(meta?.openapi.errorResponses ?? {})) {
        if (responses[status]) responses[status] = { ...responses[status], description };
      }
      // trpc-to-openapi documents every success as 200; the REST facade answers creations with 201
      // and work left to the workers (a mail) with 202.
      const success = meta?.successStatus ?? 200;
      if (success !== 200 && responses['200']) {
        operation.responses = {
          [String(success)]: responses['200'],
          ...Object.fromEntries(Object.entries(responses).filter(([status]) => status !== '200')),
        };
      }
      passwordToBody(operation);
      applySecurity(operation, meta);
      applyExample(operation, meta);
      if (operation.requestBody) {
        (operation.responses as JsonObject)['415'] = {
          description: 'The body is not JSON',
          content: {
            'application/json': { schema: { $ref: '#/components/schemas/error.UNSUPPORTED_MEDIA_TYPE' } },
          },
        };
      }
      addCommonErrors(method, operation, meta);
    }
  }
  addFileRoutes((document.paths ?? {}) as Record<string, JsonObject>);
  addPlainRoutes((document.paths ?? {}) as Record<string, JsonObject>);
  return document;
}

import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import type { JsonSchema } from './schema-arbitrary';

interface RawParameter {
  name: string;
  in: 'path' | 'query' | 'header' | 'cookie';
  required?: boolean;
  schema: JsonSchema;
}

interface RawOperation {
  operationId: string;
  'x-required-scope'?: string;
  security?: Record<string, string[]>[];
  parameters?: RawParameter[];
  requestBody?: { required?: boolean; content: { 'application/json': { schema: JsonSchema } } };
  responses: Record<string, RawResponse | { $ref: string }>;
}

interface RawResponse {
  content?: Record<string, { schema: JsonSchema }>;
  headers?: Record<string, unknown>;
}

export interface OpenApiDocument {
  paths: Record<string, Record<string, RawOperation>>;
  components: { schemas: Record<string, JsonSchema>; responses?: Record<string, RawResponse> };
}

/** One operation of openapi.json, as the fuzz drives it. */
export interface Operation {
  id: string;
  method: string;
  /** The path template, e.g. /api/medicine/{id}/taken. */
  path: string;
  bearer: boolean;
  pathParameters: RawParameter[];
  queryParameters: RawParameter[];
  body: JsonSchema | undefined;
  /** Documented statuses and, for each, a validator of its JSON body. */
  responses: Map<number, ValidateFunction | undefined>;
  /** Documented statuses and, for each, its media types (a file route answers PDF, CSV...). */
  mediaTypes: Map<number, string[]>;
  /** Documented statuses and, for each, the headers the document promises (lower case). */
  headers: Map<number, string[]>;
  /** The scope a personal token needs (`x-required-scope`), for a bearer operation. */
  scope: string | undefined;
}

const documentPath = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../openapi.json');

export function loadOpenApi(): OpenApiDocument {
  return JSON.parse(readFileSync(documentPath, 'utf8')) as OpenApiDocument;
}

const pointer = (...parts: string[]) =>
  parts.map((part) => part.replace(/~/g, '~0').replace(/\//g, '~1')).join('/');

/**
 * Every operation of the document with a validator for each documented response. The whole
 * document is added to ajv once, so `#/components/schemas/...` references resolve as they do for
 * any OpenAPI 3.1 tool; `example` and the like are annotations, hence strict: false.
 */
export function operationsOf(document: OpenApiDocument): Operation[] {
  const ajv = new Ajv2020({ strict: false, allErrors: true });
  // ajv-formats is CommonJS; its default export arrives wrapped under ESM interop.
  const addFormats =
    (addFormatsModule as unknown as { default?: typeof addFormatsModule }).default ?? addFormatsModule;
  addFormats(ajv);
  ajv.addSchema(document, 'openapi');
  const operations: Operation[] = [];
  for (const [template, methods] of Object.entries(document.paths)) {
    for (const [method, operation] of Object.entries(methods)) {
      const responses = new Map<number, ValidateFunction | undefined>();
      const mediaTypes = new Map<number, string[]>();
      const headers = new Map<number, string[]>();
      for (const [status, listed] of Object.entries(operation.responses)) {
        // A shared answer (413, 429, 503) is a reference into components.responses.
        const shared = '$ref' in listed ? listed.$ref.replace('#/components/responses/', '') : undefined;
        const response = shared ? document.components.responses![shared]! : (listed as RawResponse);
        const at = shared
          ? ['components', 'responses', shared]
          : ['paths', template, method, 'responses', status];
        mediaTypes.set(Number(status), Object.keys(response.content ?? {}));
        headers.set(
          Number(status),
          Object.keys(response.headers ?? {}).map((name) => name.toLowerCase()),
        );
        const schema = response.content?.['application/json']?.schema;
        responses.set(
          Number(status),
          schema
            ? ajv.getSchema(`openapi#/${pointer(...at, 'content', 'application/json', 'schema')}`)
            : undefined,
        );
      }
      const parameters = operation.parameters ?? [];
      operations.push({
        id: operation.operationId,
        method: method.toUpperCase(),
        path: template,
        bearer: (operation.security ?? []).some((requirement) => 'BearerJwt' in requirement),
        pathParameters: parameters.filter((p) => p.in === 'path'),
        queryParameters: parameters.filter((p) => p.in === 'query'),
        body: operation.requestBody?.content['application/json'].schema,
        responses,
        mediaTypes,
        headers,
        scope: operation['x-required-scope'],
      });
    }
  }
  return operations;
}

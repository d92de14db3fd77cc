import type { FastifyRequest } from 'fastify';

/** A refusal the REST facade gives before any procedure runs. */
export interface Refusal {
  status: 400 | 415;
  body: { code: string; message: string };
}

/**
 * What the REST facade refuses before calling a procedure, with the message a client can act on.
 * The spec's client sends some calls with no body and no content type (refill, mark read,
 * read-all, logout): "no body" means "no fields". Fastify has already refused a body that came
 * without a content type.
 */
export function refuseMalformed(request: FastifyRequest): Refusal | undefined {
  const { body } = request;
  const isJson = request.headers['content-type']?.startsWith('application/json') ?? false;
  if (!isJson && body !== undefined) {
    // Fastify parses text/plain too.
    return {
      status: 415,
      body: { code: 'UNSUPPORTED_MEDIA_TYPE', message: 'Unsupported content type: send application/json.' },
    };
  }
  // The input is the body's fields plus the path's: an array or a string would become {0: …, 1: …},
  // and a call whose fields all sit in the path (refill, read) would run on it.
  if (isJson && body !== undefined && body !== null && (typeof body !== 'object' || Array.isArray(body))) {
    return { status: 400, body: { code: 'BAD_REQUEST', message: 'The request body must be a JSON object.' } };
  }
  // A password in a URL is written to access logs, proxies and browser history (decision 198).
  const query = request.query as Record<string, unknown> | undefined;
  if (query && Object.keys(query).some((name) => /password/i.test(name))) {
    return {
      status: 400,
      body: { code: 'BAD_REQUEST', message: 'Send a password in a JSON body, never in the URL.' },
    };
  }
  // Fastify matches an empty segment (/api/medicine//taken): the client left out a field.
  const params = request.params as Record<string, string>;
  const empty = Object.keys(params).find((name) => params[name] === '');
  if (empty !== undefined) {
    return { status: 400, body: { code: 'BAD_REQUEST', message: `${empty}: missing from the path.` } };
  }
  return undefined;
}

/**
 * The fields of a query string as an input: a key given once is a value (unless the input wants an
 * array there), a repeated key an array; empty values count as absent, as they did under
 * trpc-to-openapi, so `?date=` reads "date: required".
 */
export function queryFields(
  query: Record<string, unknown>,
  arrayKeys: ReadonlySet<string>,
): Record<string, unknown> {
  const fields: Record<string, unknown> = {};
  for (const key of Object.keys(query)) {
    const value = query[key];
    if (value === '' || value === undefined) continue;
    const single = Array.isArray(value) && value.length === 1 ? (value[0] as unknown) : value;
    fields[key] = arrayKeys.has(key) && !Array.isArray(single) ? [single] : single;
  }
  return fields;
}

import createFetchClient, { type Client } from 'openapi-fetch';
import type { paths } from './schema.gen';

export interface MedRemClientOptions {
  /** Where the server answers, e.g. https://meds.example.org (no path: the document's paths start at /). */
  baseUrl: string;
  /** A personal access token (mr_pat_…) or a one-hour token from POST /jwt, sent as a bearer token. */
  token: string;
  /** Another fetch (tests, proxies); the global one by default. */
  fetch?: typeof globalThis.fetch;
}

/** Every path and method of openapi.json, typed: `client.GET('/api/medicine/{id}', { params: ... })`. */
export type MedRemClient = Client<paths>;

/**
 * A typed client of the REST API (openapi-fetch over the generated types): each call's path,
 * parameters, body and answers come from openapi.json, and every request carries the token.
 */
export function createClient(options: MedRemClientOptions): MedRemClient {
  if (!options.token) throw new Error('createClient: a token is required (MEDREM_TOKEN).');
  return createFetchClient<paths>({
    // openapi-fetch joins baseUrl and the path as they are: a trailing slash would double.
    baseUrl: options.baseUrl.replace(/\/+$/, ''),
    headers: { authorization: `Bearer ${options.token}` },
    ...(options.fetch ? { fetch: options.fetch } : {}),
  });
}

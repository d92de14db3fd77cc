import { i18n } from '@lingui/core';
import { t } from '@lingui/core/macro';
import { clockedFetch } from './server-clock';
import { TRPC_URL } from './trpc-url';

/**
 * A tRPC call with nothing but fetch, for the signed-out first paint (decision 051): the session
 * check, the sign-in options and the sign-in itself, before the tRPC client and React Query are
 * loaded. Same wire format as the app's client (plain JSON, no transformer, no batching).
 */
export class PlainTrpcError extends Error {
  constructor(
    message: string,
    /** The HTTP status, undefined when the server was not reached. */
    readonly status: number | undefined,
  ) {
    super(message);
    this.name = 'PlainTrpcError';
  }
}

/**
 * A refusal's words when the server gave none, in the page's language. The start's first calls
 * (the session, its token) may be answered before the language is active: then in English, as
 * translating would throw and lose the refusal's status.
 */
function refusedWithoutReason(status: number): string {
  return i18n.locale ? t`Request failed (${status})` : `Request failed (${status})`;
}

interface Envelope<T> {
  result?: { data: T };
  error?: { message?: string };
}

async function call<T>(path: string, init: RequestInit): Promise<T> {
  const response = await clockedFetch(`${TRPC_URL}/${path}`, { credentials: 'same-origin', ...init });
  const body = (await response.json().catch(() => ({}))) as Envelope<T>;
  if (!response.ok || !body.result) {
    throw new PlainTrpcError(body.error?.message || refusedWithoutReason(response.status), response.status);
  }
  return body.result.data;
}

/** A query procedure without input (GET). */
export function plainQuery<T>(path: string): Promise<T> {
  return call<T>(path, { method: 'GET' });
}

/** A mutation procedure (POST, the input as the JSON body). */
export function plainMutation<T>(path: string, input: unknown): Promise<T> {
  return call<T>(path, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(input),
  });
}

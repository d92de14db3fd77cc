import { type OutboxEntry, requestOf } from './outbox-entry';
import { outboxStore } from './outbox.store';

export type FlushResult =
  | { entry: OutboxEntry; outcome: 'synced'; body: unknown }
  /** Refused for good (the medicine was deleted, the action expired…): removed, and the user is told. */
  | {
      entry: OutboxEntry;
      outcome: 'dropped';
      status: number;
      /** The server's reason, or when it gave none an English stand-in (the service worker's text). */
      message: string;
      /**
       * The server gave no reason: `message` is the stand-in, which the page says in its own
       * language. This module runs in the service worker too, which has no catalog: no text here
       * is translated.
       */
      unexplained?: true;
    };

export interface FlushReport {
  results: FlushResult[];
  /** Writes still waiting: the server is unreachable, or the session must be renewed first. */
  remaining: number;
}

export interface FlushDeps {
  origin: string;
  fetch: typeof fetch;
  /** An access token of the account with this email; `fresh` after a 401. null: none to be had now. */
  token(email: string, fresh: boolean): Promise<string | null>;
  /** Which entries this flusher may send (a page sends only its signed-in account's). */
  accepts?(entry: OutboxEntry): boolean;
}

type Sent = { status: number; body: unknown } | 'unreachable';

async function send(deps: FlushDeps, entry: OutboxEntry, token: string | null): Promise<Sent> {
  const request = requestOf(entry);
  try {
    const response = await deps.fetch(`${deps.origin}${request.path}`, {
      method: request.method,
      headers: {
        'content-type': 'application/json',
        ...(request.bearer && token ? { authorization: `Bearer ${token}` } : {}),
      },
      body: JSON.stringify(request.body),
      credentials: 'same-origin',
      signal: AbortSignal.timeout(SEND_TIMEOUT_MS),
    });
    return { status: response.status, body: await response.json().catch(() => ({})) };
  } catch {
    return 'unreachable';
  }
}

/** A server that accepts the connection but never answers must not hold the queue (and its lock). */
const SEND_TIMEOUT_MS = 15_000;

/** 5xx, 408 and 429 will pass later: the write waits. Any other 4xx is the answer for good. */
const isFinalRefusal = (status: number) => status >= 400 && status < 500 && status !== 408 && status !== 429;

/**
 * Sends the waiting writes oldest first, one at a time, so they apply in the order they were made.
 * It stops at the first one the server cannot take now (and keeps it and everything after it).
 * One flusher at a time across tabs and the service worker (Web Locks); a write sent twice anyway
 * is applied once thanks to its idempotency key.
 */
export async function flushOutbox(deps: FlushDeps): Promise<FlushReport> {
  const run = async (): Promise<FlushReport> => {
    const results: FlushResult[] = [];
    const entries = (await outboxStore.all()).filter((e) => deps.accepts?.(e) ?? true);
    for (const [index, entry] of entries.entries()) {
      const bearer = requestOf(entry).bearer;
      let token = bearer ? await deps.token(entry.userEmail, false) : null;
      let sent = await send(deps, entry, token);
      if (bearer && sent !== 'unreachable' && sent.status === 401) {
        token = await deps.token(entry.userEmail, true);
        sent = token ? await send(deps, entry, token) : sent;
        // Still refused: the session is gone; the write waits for the next sign-in of this account.
        if (sent !== 'unreachable' && sent.status === 401)
          return { results, remaining: entries.length - index };
      }
      if (sent === 'unreachable' || !(sent.status < 300 || isFinalRefusal(sent.status))) {
        return { results, remaining: entries.length - index };
      }
      if (entry.seq !== undefined) await outboxStore.remove(entry.seq);
      if (sent.status < 300) results.push({ entry, outcome: 'synced', body: sent.body });
      else {
        const message = (sent.body as { message?: unknown }).message;
        results.push({
          entry,
          outcome: 'dropped',
          status: sent.status,
          ...(typeof message === 'string'
            ? { message }
            : { message: `Refused (${sent.status}).`, unexplained: true as const }),
        });
      }
    }
    return { results, remaining: 0 };
  };
  const locks = (globalThis as { navigator?: { locks?: LockManager } }).navigator?.locks;
  return locks ? locks.request('medrem-outbox-flush', run) : run();
}

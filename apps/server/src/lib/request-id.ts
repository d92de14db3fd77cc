import { AsyncLocalStorage } from 'node:async_hooks';
import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';

/** An incoming X-Request-Id is kept only if it looks like one (a proxy's or a client's trace id). */
const WELL_FORMED = /^[A-Za-z0-9._:-]{8,128}$/;

/** The request's id, and the request's own logger (whose lines already carry the id). */
interface RequestScope {
  reqId: string;
  log: object;
}

const current = new AsyncLocalStorage<RequestScope>();

/** Fastify's genReqId: the caller's X-Request-Id when well-formed, else a fresh UUID. */
export function requestIdOf(request: IncomingMessage): string {
  const given = request.headers['x-request-id'];
  return typeof given === 'string' && WELL_FORMED.test(given) ? given : randomUUID();
}

/**
 * Runs the rest of a request inside its id, so lines logged by services (the process logger) carry
 * it. `log` is the request's own logger, which carries the id already.
 */
export function runWithRequestId(reqId: string, log: object, next: () => void): void {
  current.run({ reqId, log }, next);
}

/**
 * pino's mixin: adds the request id to a line logged during a request through a logger that does not
 * already carry it. Called for every line: the request's logger is recognised by identity (asking
 * pino for its bindings parsed them from JSON on every line, decision 132).
 */
export function requestIdMixin(_merge: object, _level: number, logger?: object): Record<string, unknown> {
  const store = current.getStore();
  // A fresh object each time: pino adds to what the mixin returns.
  if (!store || logger === store.log) return {};
  return { reqId: store.reqId };
}

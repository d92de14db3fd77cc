import { AsyncLocalStorage } from 'node:async_hooks';
import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';

/** An incoming X-Request-Id is kept only if it looks like one (a proxy's or a client's trace id). */
const WELL_FORMED = /^[A-Za-z0-9._:-]{8,128}$/;

const current = new AsyncLocalStorage<{ reqId: string }>();

/** Fastify's genReqId: the caller's X-Request-Id when well-formed, else a fresh UUID. */
export function requestIdOf(request: IncomingMessage): string {
  const given = request.headers['x-request-id'];
  return typeof given === 'string' && WELL_FORMED.test(given) ? given : randomUUID();
}

/** Runs the rest of a request inside its id, so lines logged by services (the process logger) carry it. */
export function runWithRequestId(reqId: string, next: () => void): void {
  current.run({ reqId }, next);
}

/**
 * pino's mixin: adds the request id to a line logged during a request through a logger that does not
 * already carry it (Fastify's request.log does).
 */
export function requestIdMixin(
  _merge: object,
  _level: number,
  logger?: { bindings(): Record<string, unknown> },
): Record<string, unknown> {
  const store = current.getStore();
  if (!store || logger?.bindings().reqId !== undefined) return {};
  return { reqId: store.reqId };
}

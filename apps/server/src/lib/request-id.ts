import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';

/** An incoming X-Request-Id is kept only if it looks like one (a proxy's or a client's trace id). */
const WELL_FORMED = /^[A-Za-z0-9._:-]{8,128}$/;

/** Fastify's genReqId: the caller's X-Request-Id when well-formed, else a fresh UUID. */
export function requestIdOf(request: IncomingMessage): string {
  const given = request.headers['x-request-id'];
  return typeof given === 'string' && WELL_FORMED.test(given) ? given : randomUUID();
}

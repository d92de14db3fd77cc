import type { FastifyError } from 'fastify';
import fp from 'fastify-plugin';
import { TRPCError } from '@trpc/server';
import { getHTTPStatusCodeFromError } from '@trpc/server/http';
import { SERVER_ERROR_MESSAGE } from '../../trpc/trpc';
import { DATABASE_UNAVAILABLE_MESSAGE, isDatabaseUnavailable } from '../../db/database-unavailable';
import { AppError } from '../../lib/app-error';

const CLIENT_MESSAGES: Record<string, string> = {
  FST_ERR_CTP_INVALID_JSON_BODY: 'The request body is not valid JSON.',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'The request body is empty but declared as JSON.',
  FST_ERR_CTP_BODY_TOO_LARGE: 'The request body is too large.',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'Unsupported content type: send application/json.',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'The Content-Length header does not match the body.',
};

/**
 * The one error handler: every error answers JSON with a human-readable `message`. A 4xx says what
 * was wrong; a 5xx never reveals why (it is logged instead).
 */
export default fp(
  async (app) => {
    // Every 503 (a database outage, wherever it was caught) tells clients when to try again.
    // Callback style: no promise per request.
    app.addHook('onSend', (_request, reply, payload, done) => {
      if (reply.statusCode === 503 && !reply.hasHeader('retry-after')) void reply.header('retry-after', '5');
      done(null, payload);
    });
    app.setErrorHandler((error: FastifyError, request, reply) => {
      if (isDatabaseUnavailable(error)) {
        request.log.warn({ code: (error as { code?: unknown }).code }, 'database unavailable');
        return reply.status(503).send({ code: 'SERVICE_UNAVAILABLE', message: DATABASE_UNAVAILABLE_MESSAGE });
      }
      // A service's error on a plain Fastify route: its kind is a tRPC error code (app-error.ts), so
      // it gets the status tRPC and the REST facade give it (one table, tRPC's).
      if (error instanceof AppError) {
        const status = getHTTPStatusCodeFromError(new TRPCError({ code: error.kind }));
        return reply.status(status).send({ code: error.kind, message: error.message });
      }
      const status = error.statusCode && error.statusCode >= 400 ? error.statusCode : 500;
      if (status >= 500) {
        request.log.error({ err: error }, 'request failed');
        return reply.status(status).send({ code: 'INTERNAL_SERVER_ERROR', message: SERVER_ERROR_MESSAGE });
      }
      const message = CLIENT_MESSAGES[error.code] ?? (error.message || 'Bad request.');
      return reply.status(status).send({ code: error.code ?? 'BAD_REQUEST', message });
    });
  },
  { name: 'error-handler' },
);

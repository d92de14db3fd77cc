import fp from 'fastify-plugin';
import { runWithRequestId } from '../../lib/request-id';

/**
 * Every request answers with its id (X-Request-Id) and runs inside it, so every log line of the
 * request — Fastify's own, a route's, a service's through the process logger — carries `reqId`.
 * Callback style on purpose: `done` runs inside the context, so the handler does too.
 */
export default fp(
  (app, _options, ready) => {
    app.addHook('onRequest', (request, reply, done) => {
      void reply.header('x-request-id', request.id);
      runWithRequestId(request.id, request.log, done);
    });
    ready();
  },
  { name: 'request-id' },
);

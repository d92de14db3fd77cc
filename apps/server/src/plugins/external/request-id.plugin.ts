import fp from 'fastify-plugin';

/**
 * Every request answers with its id (X-Request-Id, from lib/request-id.ts). Lines about a request
 * are logged through its own logger (`request.log`, which carries `reqId`), never the process
 * logger (decision 138).
 */
export default fp(
  (app, _options, ready) => {
    app.addHook('onRequest', (request, reply, done) => {
      void reply.header('x-request-id', request.id);
      done();
    });
    ready();
  },
  { name: 'request-id' },
);

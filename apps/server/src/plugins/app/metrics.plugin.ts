import type { onResponseHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import { connectionsByState } from '../../db/connection-stats';
import { PromMetrics } from '../../lib/prom-metrics';

declare module 'fastify' {
  interface FastifyInstance {
    metrics: PromMetrics;
  }
}

/**
 * This process's metrics (decision 110): every answered request by its route pattern, plus gauges
 * read at scrape time. The reminder engine gets `app.metrics.reminders` (reminders.plugin.ts).
 */
export default fp(
  async (app) => {
    const metrics = new PromMetrics('server');
    metrics.watch({
      // Read when scraped: the reminders plugin is registered after this one.
      queueDepth: () => app.reminders.stats.queueDepth(),
      outboxPending: () => app.reminders.stats.outboxPending(),
      databaseConnections: () => connectionsByState(app.database),
      databasePoolMax: app.database.kind === 'postgres' ? app.config.databasePoolSize : 1,
    });
    app.decorate('metrics', metrics);
    // Each route's pattern (/api/medicine/:id), never the URL: ids and emails stay out of labels. It
    // is known once, here; `request.routeOptions` would build an object of a dozen fields on every
    // request to tell it (decision 163).
    app.addHook('onRoute', (route) => {
      const pattern = route.url;
      const observe: onResponseHookHandler = (request, reply, done) => {
        metrics.http.request(request.method, pattern, reply.statusCode, reply.elapsedTime / 1000);
        done();
      };
      route.onResponse = [...[route.onResponse ?? []].flat(), observe];
    });
    // Requests no route matched (pages included: the web app's not-found handler serves them).
    app.addHook('onResponse', (request, reply, done) => {
      if (request.is404) {
        metrics.http.request(request.method, 'unmatched', reply.statusCode, reply.elapsedTime / 1000);
      }
      done();
    });
  },
  { name: 'metrics', dependencies: ['database'] },
);

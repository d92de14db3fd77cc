import fp from 'fastify-plugin';
import { connectionsByState } from '../../db/connection-stats';
import { PromMetrics } from '../../lib/prom-metrics';
import { mailTransportKind } from '../../config/mail-config';

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
      mail: { transport: mailTransportKind(app.config.mail), stats: () => app.reminders.stats.mail() },
    });
    app.decorate('metrics', metrics);
    app.addHook('onResponse', (request, reply, done) => {
      // The route's pattern (/api/medicine/:id), never the URL: ids and emails stay out of labels.
      const route = request.routeOptions.url ?? 'unmatched';
      metrics.http.request(request.method, route, reply.statusCode, reply.elapsedTime / 1000);
      done();
    });
  },
  { name: 'metrics', dependencies: ['database'] },
);

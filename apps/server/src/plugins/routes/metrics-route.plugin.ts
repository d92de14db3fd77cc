import fp from 'fastify-plugin';
import { metricsAuthorized } from '../../lib/prom-metrics';

/**
 * GET /metrics for Prometheus: 404 unless METRICS_TOKEN is set, then only with
 * `Authorization: Bearer <token>`. Outside /api, so the per-IP API rate limit does not count it
 * (decision 110); a wrong token costs one hash.
 */
export default fp(
  async (app) => {
    const token = app.config.metricsToken;
    app.get('/metrics', async (request, reply) => {
      if (!token)
        return reply.status(404).send({ code: 'NOT_FOUND', message: 'Metrics are off (METRICS_TOKEN).' });
      if (!metricsAuthorized(request.headers.authorization, token)) {
        return reply
          .status(401)
          .header('www-authenticate', 'Bearer')
          .send({ code: 'UNAUTHORIZED', message: 'A valid metrics token is required.' });
      }
      const { contentType, body } = await app.metrics.scrape();
      return reply.header('content-type', contentType).header('cache-control', 'no-store').send(body);
    });
  },
  { name: 'metrics-route', dependencies: ['metrics'] },
);

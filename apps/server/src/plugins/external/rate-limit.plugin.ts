import rateLimit from '@fastify/rate-limit';
import fp from 'fastify-plugin';

/**
 * A coarse per-IP ceiling on every route. Sign-in has its own, much tighter per-account and per-IP
 * limit on failures (AuthService), which also holds across processes.
 */
export default fp(
  async (app) => {
    await app.register(rateLimit, {
      global: true,
      max: app.config.rateLimitPerMinute,
      timeWindow: 60_000,
      errorResponseBuilder: (_req, context) => ({
        statusCode: context.statusCode,
        code: 'TOO_MANY_REQUESTS',
        message: `Too many requests. Please wait ${Math.ceil(context.ttl / 1000)} seconds and try again.`,
      }),
    });
  },
  { name: 'rate-limit' },
);

import rateLimit from '@fastify/rate-limit';
import fp from 'fastify-plugin';
import { isApiPath } from '../../lib/api-paths';

/**
 * A coarse per-IP ceiling on every API call. Sign-in has its own, much tighter per-account and per-IP
 * limit on failures (AuthService), which also holds across processes. The web app's files and page
 * URLs are not counted: one load of the split app fetches about 40 files, so counting them made a
 * few page loads from one address (a family behind one router) spend the API's budget.
 */
export default fp(
  async (app) => {
    await app.register(rateLimit, {
      global: true,
      max: app.config.rateLimitPerMinute,
      timeWindow: 60_000,
      allowList: (request) => !isApiPath(request.url),
      // The limit's headers only on a refused call (with Retry-After): three more headers on every
      // answer cost more than a health check's whole route, and no client of ours reads them.
      addHeadersOnExceeding: {
        'x-ratelimit-limit': false,
        'x-ratelimit-remaining': false,
        'x-ratelimit-reset': false,
      },
      errorResponseBuilder: (_req, context) => ({
        statusCode: context.statusCode,
        code: 'TOO_MANY_REQUESTS',
        message: `Too many requests. Please wait ${Math.ceil(context.ttl / 1000)} seconds and try again.`,
      }),
    });
  },
  { name: 'rate-limit' },
);

import fp from 'fastify-plugin';
import { loadSecrets } from '../../config/secrets';
import { Redis } from 'ioredis';
import { type AttemptCounter, MemoryAttemptCounter, RedisAttemptCounter } from '../../lib/attempt-counter';
import { createServices } from '../../services';

export default fp(
  async (app) => {
    const { config } = app;
    const secrets = await loadSecrets(config.dataDir, { jwtSecret: config.jwtSecret });
    if (config.databaseUrl && !config.jwtSecret) {
      app.log.warn(
        'JWT_SECRET is not set: several server processes must share one, or tokens will not carry over.',
      );
    }
    // Failed sign-ins are counted where every server process sees them: Redis when configured.
    let failures: AttemptCounter = new MemoryAttemptCounter(config.loginThrottle.windowMs);
    if (config.redisUrl) {
      const redis = new Redis(config.redisUrl, { maxRetriesPerRequest: 2 });
      app.addHook('onClose', async () => {
        await redis.quit();
      });
      failures = new RedisAttemptCounter(redis, config.loginThrottle.windowMs);
    }
    app.decorate(
      'services',
      createServices({
        db: app.database.db,
        clock: app.clock,
        jwtSecret: secrets.jwtSecret,
        failures,
        throttle: config.loginThrottle,
        sessionTtlDays: config.sessionTtlDays,
      }),
    );
  },
  { name: 'services', dependencies: ['database'] },
);

import fp from 'fastify-plugin';
import { loadSecrets } from '../../config/secrets';
import { MemoryAttemptCounter } from '../../lib/attempt-counter';
import { createServices } from '../../services';

export default fp(
  async (app) => {
    const { config } = app;
    const secrets = await loadSecrets(config.dataDir, { jwtSecret: config.jwtSecret });
    if (config.databaseUrl && !config.jwtSecret) {
      app.log.warn('JWT_SECRET is not set: several server processes must share one, or tokens will not carry over.');
    }
    app.decorate(
      'services',
      createServices({
        db: app.database.db,
        clock: app.clock,
        jwtSecret: secrets.jwtSecret,
        failures: new MemoryAttemptCounter(config.loginThrottle.windowMs),
        throttle: config.loginThrottle,
        sessionTtlDays: config.sessionTtlDays,
      }),
    );
  },
  { name: 'services', dependencies: ['database'] },
);

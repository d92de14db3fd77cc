import fp from 'fastify-plugin';
import { composeServices } from '../../composition/compose-services';

export default fp(
  async (app) => {
    const composed = await composeServices({
      config: app.config,
      db: app.database.db,
      clock: app.clock,
      log: app.log,
    });
    app.addHook('onClose', () => composed.close());
    // Once listening: what /api/health says of mail, looked at once a minute (decision 221).
    app.addHook('onReady', async () => composed.services.mailHealth.start(app.log));
    app.addHook('onClose', async () => composed.services.mailHealth.stop());
    // A personal token's last use still being written finishes before the database closes.
    app.addHook('onClose', () => composed.services.accessTokens.settled());
    // The activity record's writes under way land before the database closes (decision 294).
    app.addHook('onClose', () => composed.services.activity.settled());
    app.decorate('services', composed.services);
    app.decorate('pushSecrets', composed.pushSecrets);
  },
  { name: 'services', dependencies: ['database'] },
);

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
    app.decorate('services', composed.services);
    app.decorate('pushSecrets', composed.pushSecrets);
  },
  { name: 'services', dependencies: ['database'] },
);

import fp from 'fastify-plugin';
import { claimControlSocket } from '../../operations/control-socket';
import { takeSnapshot } from '../../operations/embedded-install';

/**
 * Embedded mode only: claims DATA_DIR/control.sock before the database opens (a second server on
 * the same DATA_DIR stops here instead of corrupting PGlite), and answers `npm run backup` on it with
 * a snapshot of the open database (decision 114). Closed first at shutdown, so a backup never waits
 * on a closing database.
 */
export default fp(
  async (app) => {
    const socket = await claimControlSocket(app.config.dataDir, async (command) => {
      if (command === 'ping') return { header: { ok: true } };
      if (command !== 'backup') return { header: { ok: false, message: `unknown command ${command}` } };
      if (!app.hasDecorator('database'))
        return { header: { ok: false, message: 'the server is still starting' } };
      const snapshot = await takeSnapshot(app.database);
      app.log.info({ bytes: snapshot.database.length }, 'backup snapshot taken');
      return { header: { ok: true, migrations: snapshot.migrations }, body: snapshot.database };
    });
    app.addHook('preClose', () => socket.close());
  },
  { name: 'control-socket' },
);

import fp from 'fastify-plugin';
import { type DatabaseHandle, openDatabase } from '../../db/database';
import { startEmbeddedVacuum } from '../../db/embedded-vacuum';

/**
 * Opens PostgreSQL (DATABASE_URL) or the embedded PGlite under DATA_DIR, and applies the committed
 * migrations before any route can answer. Tests may hand in a database of their own. The embedded
 * database it opens gets the autovacuum PGlite lacks (decision 158), stopped before it closes.
 */
export default fp<{ database?: DatabaseHandle | undefined }>(
  async (app, options) => {
    const handle =
      options.database ??
      (await openDatabase({
        databaseUrl: app.config.databaseUrl,
        dataDir: app.config.dataDir,
        poolSize: app.config.databasePoolSize,
      }));
    await handle.migrate();
    app.decorate('database', handle);
    if (!options.database) {
      const vacuum = startEmbeddedVacuum(handle.maintain, app.config.embeddedVacuumMs, app.log, app.clock);
      app.addHook('onClose', async () => {
        await vacuum?.stop();
        await handle.close();
      });
    }
    app.log.info({ engine: handle.kind }, 'database ready');
  },
  { name: 'database' },
);

import pino from 'pino';
import { logSerializers } from './lib/log-serializers';
import { loadConfig } from './config/config';
import { assertUsableDataDir } from './config/data-dir';
import { openDatabase } from './db/database';
import { systemClock } from './lib/clock';
import { startReminderRuntime } from './features/reminders/reminder-runtime';
import { composeServices } from './composition/compose-services';

/**
 * A reminder worker process: the same services and processors as the embedded engine, without HTTP.
 * Run any number of them against one PostgreSQL (DATABASE_URL) and Redis (REDIS_URL); the web
 * servers then set REMINDER_WORKER=off.
 */
async function main(): Promise<void> {
  const config = loadConfig();
  await assertUsableDataDir(config.dataDir);
  const log = pino({
    level: config.logLevel,
    base: { role: 'reminder-worker', pid: process.pid },
    serializers: logSerializers,
  });
  if (!config.redisUrl)
    log.warn(
      'REDIS_URL is not set: this worker uses an in-process queue and cannot reach open tabs of other processes.',
    );
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    poolSize: config.databasePoolSize,
  });
  await database.migrate();
  const {
    services,
    pushSecrets,
    close: closeServices,
  } = await composeServices({
    config,
    db: database.db,
    clock: systemClock,
    log,
  });
  const runtime = await startReminderRuntime({
    config,
    db: database.db,
    clock: systemClock,
    services,
    pushSecrets,
    log,
    consume: true,
  });
  let closing = false;
  const shutdown = (signal: string) => {
    if (closing) return;
    closing = true;
    log.info({ signal }, 'worker shutting down');
    const timer = setTimeout(() => process.exit(1), 15_000);
    timer.unref();
    runtime
      .close()
      .then(() => closeServices())
      .then(() => database.close())
      .then(
        () => process.exit(0),
        (error: unknown) => {
          log.error({ err: error }, 'worker shutdown failed');
          process.exit(1);
        },
      );
  };
  process.on('SIGINT', () => shutdown('SIGINT'));
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  log.info('reminder worker ready');
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});

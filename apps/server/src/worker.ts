import pino from 'pino';
import { logHooks, logSerializers } from './lib/log-serializers';
import { loadConfig } from './config/config';
import { assertUsableDataDir } from './config/data-dir';
import { openDatabase } from './db/database';
import { systemClock } from './lib/clock';
import { startReminderRuntime } from './features/reminders/reminder-runtime';
import { mailTransportKind } from './config/mail-config';
import { composeServices } from './composition/compose-services';
import { connectionsByState } from './db/connection-stats';
import { PromMetrics, serveMetrics } from './lib/prom-metrics';

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
    hooks: logHooks,
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
  const metrics = new PromMetrics('worker');
  const runtime = await startReminderRuntime({
    config,
    db: database.db,
    clock: systemClock,
    services,
    pushSecrets,
    log,
    consume: true,
    // No HTTP here, so no tabs: the worker publishes to the live fan-out and never hears it.
    servesTabs: false,
    metrics: metrics.reminders,
    mailMetrics: metrics.mail,
  });
  metrics.watch({
    queueDepth: () => runtime.stats.queueDepth(),
    outboxPending: () => runtime.stats.outboxPending(),
    databaseConnections: () => connectionsByState(database),
    databasePoolMax: database.kind === 'postgres' ? config.databasePoolSize : 1,
    mail: { transport: mailTransportKind(config.mail), stats: () => runtime.stats.mail() },
  });
  if (config.metricsPort && !config.metricsToken)
    log.warn('METRICS_PORT is set without METRICS_TOKEN: not serving metrics.');
  // Workers have no HTTP server: their counters are served on METRICS_PORT (decision 110).
  const metricsServer =
    config.metricsPort && config.metricsToken
      ? await serveMetrics(metrics, {
          host: config.host,
          port: config.metricsPort,
          token: config.metricsToken,
        })
      : undefined;
  let closing = false;
  const shutdown = (signal: string) => {
    if (closing) return;
    closing = true;
    log.info({ signal }, 'worker shutting down');
    const timer = setTimeout(() => {
      log.error('worker shutdown timed out; exiting');
      process.exit(1);
    }, config.shutdownTimeoutMs);
    timer.unref();
    metricsServer?.close();
    // Stop the tick, let running jobs finish (BullMQ's close waits for them), hand back unstarted
    // leases, then Redis and the database.
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
  log.info({ metricsPort: metricsServer ? config.metricsPort : undefined }, 'reminder worker ready');
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});

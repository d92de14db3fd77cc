import { buildApp } from './app';
import { loadConfig } from './config/config';
import { assertUsableDataDir } from './config/data-dir';

/**
 * Starts the server on PORT and shuts it down gracefully on SIGINT/SIGTERM (docs/ARCHITECTURE.md,
 * "Shutting down"): app.close() stops listening, answers new requests on open connections 503, lets
 * requests in flight finish, then the onClose hooks stop the reminder engine (no more claiming,
 * unstarted leases handed back) and close Redis and the database. Exit 0, or 1 when
 * SHUTDOWN_TIMEOUT_SECONDS runs out first.
 */
async function main(): Promise<void> {
  const config = loadConfig();
  await assertUsableDataDir(config.dataDir);
  const app = await buildApp({ config });
  let closing = false;
  const shutdown = (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    const timer = setTimeout(() => {
      app.log.error('shutdown timed out; exiting');
      process.exit(1);
    }, config.shutdownTimeoutMs);
    timer.unref();
    // Node closes the connections that are idle when closing starts; a keep-alive connection whose
    // request finishes later would hold the close open for Fastify's 72 s keep-alive. Close those as
    // they fall idle.
    const idleSweep = setInterval(() => app.server.closeIdleConnections(), 100);
    idleSweep.unref();
    app.close().then(
      () => process.exit(0),
      (error: unknown) => {
        app.log.error({ err: error }, 'shutdown failed');
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', () => shutdown('SIGINT'));
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  await app.listen({ host: config.host, port: config.port });
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});

import Fastify, { type FastifyInstance, type RouteOptions } from 'fastify';
import pino from 'pino';
import type { AppConfig } from './config/config';
import type { DatabaseHandle } from './db/database';
import './fastify-types';
import { type Clock, systemClock } from './lib/clock';
import { logHooks, logSerializers } from './lib/log-serializers';
import oidcRoutesPlugin from './features/auth/social/oidc.routes';
import calendarFeedRoutesPlugin from './features/calendar/calendar-feed.routes';
import controlSocketPlugin from './plugins/app/control-socket.plugin';
import databasePlugin from './plugins/app/database.plugin';
import errorHandlerPlugin from './plugins/app/error-handler.plugin';
import servicesPlugin from './plugins/app/services.plugin';
import compressionPlugin from './plugins/external/compression.plugin';
import cookiesPlugin from './plugins/external/cookies.plugin';
import rateLimitPlugin from './plugins/external/rate-limit.plugin';
import securityHeadersPlugin from './plugins/external/security-headers.plugin';
import apiDocsPlugin from './plugins/routes/api-docs.plugin';
import restApiPlugin from './plugins/routes/rest-api.plugin';
import doctorReportRoutePlugin from './plugins/routes/doctor-report-route.plugin';
import trpcPlugin from './plugins/routes/trpc.plugin';
import webAppPlugin from './plugins/routes/web-app.plugin';
import type { PushSender } from './features/push/push-sender';
import remindersPlugin from './plugins/app/reminders.plugin';
import metricsPlugin from './plugins/app/metrics.plugin';
import metricsRoutePlugin from './plugins/routes/metrics-route.plugin';
import { requestIdOf } from './lib/request-id';
import { OneLinePerRequest } from './lib/request-log';
import requestIdPlugin from './plugins/external/request-id.plugin';

export interface BuildAppOptions {
  config: AppConfig;
  clock?: Clock;
  /** A database opened by the caller (tests); otherwise the config's one is opened. */
  database?: DatabaseHandle;
  logger?: boolean;
  /** Tests: where the log lines go (with `logger` on); standard output otherwise. */
  logStream?: { write(line: string): void };
  /** Tests: the push sender the reminder engine uses instead of the real ones. */
  pushSender?: PushSender;
  /** Tests: told of every route as it is added (the API document must list each public one). */
  onRoute?: (route: RouteOptions) => void;
}

/**
 * Builds the server without listening: external plugins, then the app's own (database, services),
 * then routes. server.ts listens; tests build and call it.
 */
export async function buildApp(options: BuildAppOptions): Promise<FastifyInstance> {
  const { config } = options;
  const app = Fastify({
    logger:
      options.logger === false
        ? false
        : {
            level: config.logLevel,
            serializers: logSerializers,
            hooks: logHooks,
            // Buffered, written off the request path: synchronous writes of two lines per request
            // took a tenth of an API call's CPU time. pino flushes the buffer when the process exits.
            stream: options.logStream ?? pino.destination({ dest: 1, sync: false }),
          },
    bodyLimit: config.bodyLimitBytes,
    trustProxy: config.trustProxy,
    // X-Request-Id is honoured only when well-formed (lib/request-id.ts), so not via requestIdHeader.
    requestIdHeader: false,
    genReqId: requestIdOf,
    // One access line per request instead of two (lib/request-log.ts).
    logController: new OneLinePerRequest(),
    routerOptions: { maxParamLength: 300 },
    // No limit on a plugin's start (Fastify's default is 10 s): the embedded database's first start
    // (initdb) and migrations took longer on a loaded two-core machine and the server exited, which
    // a small machine would meet on every first start (decision 278).
    pluginTimeout: 0,
  });
  app.decorate('config', config);
  app.decorate('clock', options.clock ?? systemClock);
  if (options.onRoute) app.addHook('onRoute', options.onRoute);

  await app.register(requestIdPlugin);
  await app.register(errorHandlerPlugin);
  await app.register(securityHeadersPlugin);
  await app.register(compressionPlugin);
  await app.register(cookiesPlugin);
  await app.register(rateLimitPlugin);

  // The embedded database belongs to one process: claim DATA_DIR before opening it.
  if (!options.database && !config.databaseUrl) await app.register(controlSocketPlugin);
  await app.register(databasePlugin, { database: options.database });
  await app.register(servicesPlugin);
  await app.register(metricsPlugin);
  await app.register(remindersPlugin, { sender: options.pushSender });

  await app.register(trpcPlugin);
  await app.register(restApiPlugin);
  await app.register(doctorReportRoutePlugin);
  await app.register(metricsRoutePlugin);
  await app.register(oidcRoutesPlugin);
  await app.register(calendarFeedRoutesPlugin);
  await app.register(apiDocsPlugin);
  await app.register(webAppPlugin);

  await app.ready();
  return app;
}

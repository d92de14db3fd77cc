import type { Redis } from 'ioredis';
import webpush from 'web-push';
import type { AppConfig } from '../config/config';
import { type PushSecrets, loadSecrets } from '../config/secrets';
import type { Database } from '../db/database';
import { type AttemptCounter, MemoryAttemptCounter, RedisAttemptCounter } from '../lib/attempt-counter';
import { RedisInvalidationBus } from '../lib/invalidation-bus';
import { redisConnection } from '../lib/redis-connection';
import type { Clock } from '../lib/clock';
import { PushEndpointPolicy } from '../features/push/endpoint-allowlist';
import { ChannelEndpointPolicy } from '../features/push/channel-endpoints';
import { ActionTokenCodec } from '../features/reminders/action-tokens';
import { type Services, createServices } from './create-services';
import { fcmCredentials } from '../config/firebase-credentials';

export interface ComposedServices {
  services: Services;
  /** The VAPID private key is needed by the push sender only, not by the services. */
  pushSecrets: PushSecrets;
  /** A plain function (not a method): callers destructure it. */
  close: () => Promise<void>;
}

/**
 * Everything a process needs before its services exist — secrets (configured or generated into
 * DATA_DIR), the sign-in failure counter (Redis when configured, so every process sees the same
 * counts), the push keys — then the services. The server's plugin, worker.ts and the benchmark all
 * build their services here, so a process can never start with half its keys.
 */
export async function composeServices(options: {
  config: AppConfig;
  db: Database;
  clock: Clock;
  log: { warn(message: string): void };
}): Promise<ComposedServices> {
  const { config, log } = options;
  const r = config.reminders;
  const secrets = await loadSecrets(
    config.dataDir,
    {
      jwtSecret: config.jwtSecret,
      vapidPublicKey: r.vapidPublicKey,
      vapidPrivateKey: r.vapidPrivateKey,
      actionTokenSecret: r.actionTokenSecret,
    },
    () => webpush.generateVAPIDKeys(),
  );
  const pushSecrets: PushSecrets = {
    vapidPublicKey: secrets.vapidPublicKey,
    vapidPrivateKey: secrets.vapidPrivateKey,
    actionTokenSecret: secrets.actionTokenSecret,
  };
  if (config.databaseUrl && !config.jwtSecret) {
    log.warn(
      'JWT_SECRET is not set: several server processes must share one, or tokens will not carry over.',
    );
  }
  if (config.databaseUrl && !(r.vapidPublicKey && r.vapidPrivateKey)) {
    log.warn(
      'VAPID keys are not set: several processes must share one key pair (VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY).',
    );
  }
  let failures: AttemptCounter = new MemoryAttemptCounter(config.loginThrottle.windowMs);
  let redis: Redis | undefined;
  let invalidations: RedisInvalidationBus | undefined;
  if (config.redisUrl) {
    redis = redisConnection(config.redisUrl, { maxRetriesPerRequest: 2 }, (error) =>
      log.warn(`Redis (sign-in limits): ${error.message}`),
    );
    failures = new RedisAttemptCounter(redis, config.loginThrottle.windowMs, `${r.redisKeyPrefix}:attempts:`);
    // Several processes: a revocation or a settings save in one reaches the caches of all.
    invalidations = new RedisInvalidationBus(config.redisUrl, r.redisKeyPrefix, (error) =>
      log.warn(`Redis (cache invalidations): ${error.message}`),
    );
    await invalidations.start();
  }
  const services = createServices({
    db: options.db,
    clock: options.clock,
    jwtSecret: secrets.jwtSecret,
    failures,
    throttle: config.loginThrottle,
    sessionTtlDays: config.sessionTtlDays,
    push: {
      tokens: new ActionTokenCodec(pushSecrets.actionTokenSecret, r.actionTokenTtlMs),
      vapidPublicKey: pushSecrets.vapidPublicKey,
      endpoints: PushEndpointPolicy.fromEnv(r.pushEndpointAllowlist),
      fcmConfigured: Boolean(r.fcmServiceAccountJson ?? r.fcmServiceAccountFile),
      channels: ChannelEndpointPolicy.fromEnv(r.channelPrivateHosts),
    },
    social: { ...config.socialSignIn, serviceAccountJson: await fcmCredentials(config) },
    log,
    ...(invalidations ? { invalidations } : {}),
    mail: config.mail,
    operator: config.operator,
    behindProxy: config.trustProxy !== false,
  });
  return {
    services,
    pushSecrets,
    close: async () => {
      await Promise.allSettled([redis?.quit(), invalidations?.close()]);
    },
  };
}

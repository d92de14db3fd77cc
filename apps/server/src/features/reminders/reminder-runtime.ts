import type { AppConfig } from '../../config/config';
import { fcmCredentials } from '../../config/firebase-credentials';
import type { PushSecrets } from '../../config/secrets';
import type { Database } from '../../db/database';
import type { Clock } from '../../lib/clock';
import type { MailMetrics, ReminderMetrics } from '../../lib/metrics';
import { MailDelivery } from '../mail/mail-delivery';
import { MailDeliveryRepository, type MailOutboxStats } from '../mail/mail-delivery.repository';
import { createMailTransport } from '../mail/mail-transport';
import type { MailTransport } from '../mail/mail.port';
import { PushOutboxRepository } from '../push/push-outbox.repository';
import { FcmSender, createFirebaseMessaging } from '../push/fcm.sender';
import { PushRouter, type PushSender } from '../push/push-sender';
import { ThreadedPushSender } from '../push/threaded-push.sender';
import { WebPushSender } from '../push/web-push.sender';
import { EmailChannelSender } from '../push/channels/email-channel.sender';
import { NtfySender } from '../push/channels/ntfy.sender';
import { WebhookSender } from '../push/channels/webhook.sender';
import { RedisRealtimeBridge } from '../notifications/live/redis-live-bridge';
import type { Services } from '../../composition/create-services';
import { BullMqQueue } from './queue/bullmq-queue';
import { type EngineLogger, ReminderEngine } from './engine/reminder-engine';
import { PREPARED_KEPT_MS } from './engine/prepared-pushes';
import { EMBEDDED_PREPARE_HEAP_SLACK_BYTES } from './engine/preparation-heap';
import { InProcessQueue } from './queue/in-process-queue';
import type { JobQueue } from './queue/job-queue';

export interface ReminderRuntime {
  /** Present when this process runs the processors (embedded mode or a worker process). */
  engine: ReminderEngine | undefined;
  queue: JobQueue | undefined;
  /** Shared state for the metrics: jobs waiting (when this process has a queue) and unsent pushes. */
  stats: {
    queueDepth(): Promise<number | undefined>;
    outboxPending(): Promise<number>;
    /** The mail outbox (shared by every process, so any can report it). */
    mail(): Promise<MailOutboxStats>;
  };
  /** The mail outbox's sender, when this process runs the processors. */
  mail: MailDelivery | undefined;
  /**
   * Stops claiming (the tick), lets running jobs finish (the queue's close), hands back leases
   * whose jobs were only in this process's memory, then leaves the live fan-out.
   */
  close(): Promise<void>;
}

/**
 * Wires the engine into a process: joins the Redis pub/sub fan-out when REDIS_URL is set, and — when `consume` — starts the queue consumers
 * (BullMQ on Redis, else in-process) and the tick. The server (embedded) and worker.ts both use it.
 */
export async function startReminderRuntime(options: {
  config: AppConfig;
  db: Database;
  clock: Clock;
  services: Services;
  /** The VAPID key pair the Web Push sender signs with (composeServices loaded it). */
  pushSecrets: PushSecrets;
  log: EngineLogger;
  consume: boolean;
  /**
   * Whether this process serves live streams to open tabs (a web server, the default). A worker
   * process only publishes to the Redis fan-out; it does not subscribe to it.
   */
  servesTabs?: boolean;
  /** Tests: a sender of their own (e.g. counting). */
  sender?: PushSender;
  metrics?: ReminderMetrics;
  mailMetrics?: MailMetrics;
  /** Tests: a mail transport of their own instead of the configured one. */
  mailTransport?: MailTransport;
}): Promise<ReminderRuntime> {
  const { config, services, log, pushSecrets: secrets } = options;
  const r = config.reminders;
  const { endpoints } = services.push;
  const tokens = services.actionTokens;
  if (config.redisUrl) {
    await services.live.connect(
      new RedisRealtimeBridge(
        config.redisUrl,
        r.redisKeyPrefix,
        (error) => log.warn({ err: error }, 'Redis (live notifications) unreachable'),
        { subscribe: options.servesTabs ?? true },
      ),
    );
  }
  const outbox = new PushOutboxRepository(options.db);
  const outboxPending = () => outbox.countPending();
  const mailOutbox = new MailDeliveryRepository(options.db);
  const mailStats = () => mailOutbox.stats(options.clock.now());
  // The channels (decision 233) are senders beside Web Push and FCM, picked by the row's kind.
  const channelSenders = channelSendersOf(options, services);
  const vapid = {
    publicKey: secrets.vapidPublicKey,
    privateKey: secrets.vapidPrivateKey,
    subject: r.vapidSubject,
  };
  const fcm = await fcmCredentials(config);
  const fcmSender = fcm ? new FcmSender(await createFirebaseMessaging(fcm)) : undefined;
  if (!options.consume) {
    // Test reminders from Settings are sent by the process that was asked, workers or not.
    const direct = new WebPushSender(vapid, endpoints, { maxSockets: 4 });
    services.deliveryChannels.useSender(
      options.sender ??
        new PushRouter({ ...channelSenders, webpush: direct, ...(fcmSender ? { fcm: fcmSender } : {}) }),
    );
    return {
      engine: undefined,
      queue: undefined,
      mail: undefined,
      stats: { queueDepth: () => Promise.resolve(undefined), outboxPending, mail: mailStats },
      close: async () => {
        await direct.close();
        await services.live.disconnect();
      },
    };
  }
  // Mail goes out where reminders do, never inside a request (decision 200).
  const mail = new MailDelivery({
    db: options.db,
    clock: options.clock,
    transport: options.mailTransport ?? createMailTransport(config.mail, config.dataDir, log),
    settings: config.mail.delivery,
    log,
    metrics: options.mailMetrics,
  });

  // The requests go to a thread of their own (decision 019): embedded, the engine's thread is also
  // PGlite's and the API's; on PostgreSQL it still spent most of a burst on the requests (159).
  const webPush = r.sendThread
    ? new ThreadedPushSender(
        {
          keys: vapid,
          allowlist: r.pushEndpointAllowlist,
          maxSockets: r.pushConcurrency,
          // A body made ahead is sent within the lead time, or kept that long past its instant.
          keptMs: r.prepareLeadMs + PREPARED_KEPT_MS,
        },
        endpoints,
      )
    : new WebPushSender(vapid, endpoints, { maxSockets: r.pushConcurrency });
  const senders: Record<string, PushSender> = { ...channelSenders, webpush: webPush };
  if (fcmSender) senders.fcm = fcmSender;
  const onError = (error: unknown, job: { name: string }) =>
    log.error({ err: error, job: job.name }, 'reminder job failed');
  const queue: JobQueue = config.redisUrl
    ? await BullMqQueue.open(config.redisUrl, `${r.redisKeyPrefix}:bull`, onError)
    : new InProcessQueue(onError);
  // With a shared queue, a fired batch's pushes are still sent here, where its lease and prepared
  // bodies are in memory (decision 139); a crash leaves them to the lease sweep of any worker.
  const ownPushes = queue.kind === 'bullmq' ? new InProcessQueue(onError) : undefined;
  const sender = options.sender ?? new PushRouter(senders);
  services.deliveryChannels.useSender(sender);
  const engine = new ReminderEngine({
    db: options.db,
    clock: options.clock,
    queue,
    realtime: services.live,
    sender,
    tokens,
    ...(config.mail.publicUrlConfigured ? { publicUrl: config.mail.publicUrl } : {}),
    log,
    batchSize: r.batchSize,
    // PGlite runs one statement at a time: parallel fire lanes would only queue behind each other.
    lanes: config.databaseUrl ? r.lanes : 1,
    pushConcurrency: r.pushConcurrency,
    pushLeaseMs: r.pushLeaseMs,
    maxPushAttempts: r.pushMaxAttempts,
    pushTtlSeconds: r.pushTtlSeconds,
    prepareLeadMs: r.prepareLeadMs,
    prepareMaxEntries: r.prepareMaxEntries,
    // The embedded default is the small machine's (decision 359); a scaled worker has V8 decide.
    ...(config.databaseUrl ? {} : { prepareHeapSlackBytes: EMBEDDED_PREPARE_HEAP_SLACK_BYTES }),
    stageAhead: r.stageAhead,
    notificationRetentionMs: r.notificationRetentionMs,
    ...(ownPushes ? { ownPushes } : {}),
    ...(options.metrics ? { metrics: options.metrics } : {}),
  });
  await queue.process(engine.handlers(), r.workerConcurrency);
  await ownPushes?.process(engine.handlers(), r.workerConcurrency);
  if (r.tickMs > 0) engine.start(r.tickMs);
  mail.start();
  log.info({ queue: queue.kind, fcm: Boolean(fcm), mail: mail.transportKind }, 'reminder engine started');
  return {
    engine,
    queue,
    mail,
    stats: {
      queueDepth: () => engine.waitingJobs(),
      outboxPending,
      mail: mailStats,
    },
    async close() {
      await mail.stop();
      await engine.stop();
      await queue.close();
      await ownPushes?.close();
      await engine.deleteFinishedLeases();
      await engine.recordDeliveryStatus();
      const released = await engine.releaseUnstarted();
      if (released > 0) log.info({ leases: released }, 'released push leases for other workers');
      await webPush.close();
      await services.live.disconnect();
    },
  };
}

/** The channel senders (decision 235): their links on PUBLIC_URL, their requests under the channel policy. */
function channelSendersOf(
  options: { db: Database; clock: Clock },
  services: Services,
): Record<'email' | 'ntfy' | 'webhook', PushSender> {
  const policy = services.deliveryChannels.endpoints;
  const { publicUrl } = services.mail.brand;
  return {
    email: new EmailChannelSender({
      db: options.db,
      brand: services.mail.brand,
      outboxOf: services.mail.outboxOf,
    }),
    ntfy: new NtfySender({ policy, publicUrl }),
    webhook: new WebhookSender({ policy, publicUrl, clock: options.clock }),
  };
}

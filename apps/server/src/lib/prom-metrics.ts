import { createHash, timingSafeEqual } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import type {
  DeliveryOutcomeLabel,
  HttpMetrics,
  MailMetrics,
  PushFailureReason,
  ReminderMetrics,
} from './metrics';
import { RequestDurationHistogram } from './request-duration-histogram';

/** Read at scrape time: state shared by every process (database, Redis), so any process can report it. */
export interface ScrapeSources {
  /** Jobs waiting in the reminder queue (BullMQ counts are Redis-wide), when this process has one. */
  queueDepth?: () => Promise<number | undefined>;
  /** Pushes in the outbox not yet sent. */
  outboxPending?: () => Promise<number>;
  /** Database connections by state (PostgreSQL: pg_stat_activity of this database). */
  databaseConnections?: () => Promise<Record<string, number> | undefined>;
  /** The most connections this process opens (DATABASE_POOL_SIZE; 1 for PGlite). */
  databasePoolMax?: number;
  /** The mail outbox (issue 52), when this process sends mail: how mail leaves and what waits. */
  mail?: {
    transport: 'smtp' | 'files';
    stats: () => Promise<{ pending: number; oldestPendingSeconds: number; failed: Record<string, number> }>;
  };
}

const LATENESS_BUCKETS = [0.1, 0.25, 0.5, 1, 2, 5, 10, 30, 60, 120, 300, 600, 1800, 3600];
const HTTP_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

/** A gauge whose value is read when Prometheus scrapes; a failed read leaves it empty, never fails the scrape. */
function scrapeGauge(
  registry: Registry,
  name: string,
  help: string,
  read: () => Promise<number | Record<string, number> | undefined>,
  labelName?: string,
): void {
  new Gauge({
    name,
    help,
    labelNames: labelName ? [labelName] : [],
    registers: [registry],
    async collect() {
      this.reset();
      const value = await read().catch(() => undefined);
      if (typeof value === 'number') this.set(value);
      else if (value && labelName)
        for (const [label, n] of Object.entries(value)) this.set({ [labelName]: label }, n);
    },
  });
}

/**
 * The process's metrics in the Prometheus format (prom-client). One registry per instance, so
 * several apps in one test process do not share counters.
 */
export class PromMetrics {
  readonly registry = new Registry();
  readonly reminders: ReminderMetrics;
  readonly http: HttpMetrics;
  readonly mail: MailMetrics;

  constructor(role: 'server' | 'worker') {
    const registers = [this.registry];
    this.registry.setDefaultLabels({ role });
    // process_*, nodejs_eventloop_lag_*, heap and GC: the standard names dashboards know.
    collectDefaultMetrics({ register: this.registry });
    const due = new Counter({
      name: 'medrem_reminders_due_total',
      help: 'Schedule rows claimed because they were due',
      registers,
    });
    const stored = new Counter({
      name: 'medrem_reminders_stored_total',
      help: 'Notifications stored for due rows',
      registers,
    });
    const sent = new Counter({
      name: 'medrem_reminders_sent_total',
      help: 'Pushes accepted by a push service',
      registers,
    });
    const failed = new Counter({
      name: 'medrem_reminders_failed_total',
      help: 'Pushes given up on',
      registers,
    });
    const pushFailures = new Counter({
      name: 'medrem_push_failures_total',
      help: 'Failed push attempts by reason (gone: device unsubscribed; rejected: retrying cannot help; transient: will retry)',
      labelNames: ['reason'],
      registers,
    });
    const lateness = new Histogram({
      name: 'medrem_reminder_lateness_seconds',
      help: 'Reminder lateness by stage: stored = due to notification stored; push = stored to push accepted',
      labelNames: ['stage'],
      buckets: LATENESS_BUCKETS,
      registers,
    });
    const deliveries = new Counter({
      name: 'medrem_channel_deliveries_total',
      help: 'Sends by device or channel kind (webpush, fcm, email, ntfy, webhook) and outcome (sent; failed: will retry; gave-up: given up or refused; gone: device removed)',
      labelNames: ['channel', 'outcome'],
      registers,
    });
    // One child per label pair, made once: the due second's sends count without hashing labels.
    const children = new Map<string, { inc(): void }>();
    const deliveryOf = (channel: string, outcome: DeliveryOutcomeLabel) => {
      const key = `${channel}|${outcome}`;
      let child = children.get(key);
      if (!child) {
        child = deliveries.labels({ channel, outcome });
        children.set(key, child);
      }
      return child;
    };
    this.reminders = {
      delivery: (channel, outcome) => deliveryOf(channel, outcome).inc(),
      due: (count) => due.inc(count),
      stored: (seconds) => {
        stored.inc();
        lateness.observe({ stage: 'stored' }, Math.max(0, seconds));
      },
      pushSent: (seconds) => {
        sent.inc();
        lateness.observe({ stage: 'push' }, Math.max(0, seconds));
      },
      pushFailed: (reason: PushFailureReason, givenUp) => {
        pushFailures.inc({ reason });
        if (givenUp) failed.inc();
      },
    };
    const mailSent = new Counter({
      name: 'medrem_mail_sent_total',
      help: 'Mail handed to the SMTP relay (or written to DATA_DIR/mail/ without SMTP_URL), by kind',
      labelNames: ['kind'],
      registers,
    });
    const mailFailures = new Counter({
      name: 'medrem_mail_failures_total',
      help: 'Failed mail attempts by kind and outcome (retry: tried again later; permanent: refused for good; gave-up: too many attempts)',
      labelNames: ['kind', 'outcome'],
      registers,
    });
    this.mail = {
      mailSent: (kind) => mailSent.inc({ kind }),
      mailFailed: (kind, outcome) => mailFailures.inc({ kind, outcome }),
    };
    const requests = new RequestDurationHistogram(
      'medrem_http_request_duration_seconds',
      'HTTP requests by route pattern, method and status class',
      HTTP_BUCKETS,
      registers,
    );
    this.http = {
      request: (method, route, statusCode, seconds) => requests.record(method, route, statusCode, seconds),
    };
  }

  /** Adds the gauges read at scrape time. */
  watch(sources: ScrapeSources): void {
    const { queueDepth, outboxPending, databaseConnections, databasePoolMax, mail } = sources;
    if (mail) this.watchMail(mail);
    if (queueDepth)
      scrapeGauge(this.registry, 'medrem_queue_waiting_jobs', 'Reminder jobs waiting to start', queueDepth);
    if (outboxPending)
      scrapeGauge(
        this.registry,
        'medrem_push_outbox_pending',
        'Pushes in the outbox not yet sent',
        outboxPending,
      );
    if (databaseConnections)
      scrapeGauge(
        this.registry,
        'medrem_db_connections',
        'Connections to this database by state (all processes)',
        databaseConnections,
        'state',
      );
    if (databasePoolMax !== undefined)
      new Gauge({
        name: 'medrem_db_pool_max',
        help: 'The most database connections this process opens',
        registers: [this.registry],
      }).set(databasePoolMax);
  }

  /** The mail outbox as the operator needs it: is mail leaving, how, and is any stuck (decision 202). */
  private watchMail(mail: NonNullable<ScrapeSources['mail']>): void {
    const registers = [this.registry];
    new Gauge({
      name: 'medrem_mail_transport',
      help: 'How mail leaves: transport="smtp" (SMTP_URL) or "files" (written to DATA_DIR/mail/, not delivered)',
      labelNames: ['transport'],
      registers,
    }).set({ transport: mail.transport }, 1);
    let read: ReturnType<typeof mail.stats> | undefined;
    // One query per scrape for the three gauges below.
    const stats = () => (read ??= mail.stats().finally(() => setTimeout(() => (read = undefined), 0)));
    scrapeGauge(
      this.registry,
      'medrem_mail_pending',
      'Mail in the outbox not yet sent',
      async () => (await stats()).pending,
    );
    scrapeGauge(
      this.registry,
      'medrem_mail_oldest_pending_seconds',
      'Age of the oldest mail not yet sent (0 when none waits)',
      async () => (await stats()).oldestPendingSeconds,
    );
    scrapeGauge(
      this.registry,
      'medrem_mail_failed',
      'Mail given up on (kept 30 days), by kind',
      async () => (await stats()).failed,
      'kind',
    );
  }

  /** The text Prometheus reads. */
  async scrape(): Promise<{ contentType: string; body: string }> {
    return { contentType: this.registry.contentType, body: await this.registry.metrics() };
  }
}

/** Whether an Authorization header carries the token; hashed first so the compare is constant-time. */
export function metricsAuthorized(header: string | undefined, token: string): boolean {
  const given = createHash('sha256')
    .update(header ?? '')
    .digest();
  const wanted = createHash('sha256').update(`Bearer ${token}`).digest();
  return timingSafeEqual(given, wanted);
}

/**
 * A worker's own /metrics listener (METRICS_PORT): workers have no HTTP server, and their counters
 * (due, sent, lateness) live in their process. Same token rule as the server's.
 */
export function serveMetrics(
  metrics: PromMetrics,
  options: { host: string; port: number; token: string },
): Promise<Server> {
  const server = createServer((request, response) => {
    void (async () => {
      if (request.url !== '/metrics' || request.method !== 'GET') return response.writeHead(404).end();
      if (!metricsAuthorized(request.headers.authorization, options.token))
        return response.writeHead(401).end();
      const { contentType, body } = await metrics.scrape();
      response.writeHead(200, { 'content-type': contentType }).end(body);
    })().catch(() => response.writeHead(500).end());
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host, () => resolve(server));
  });
}

import { randomUUID } from 'node:crypto';
import type { Database } from '../../db/database';
import type { Clock } from '../../lib/clock';
import type { MailMetrics } from '../../lib/metrics';
import { type LeasedMail, MailDeliveryRepository, type MailOutboxStats } from './mail-delivery.repository';
import { maskAddresses } from './mail-address-mask';
import type { MailTransport } from './mail.port';

export interface MailDeliverySettings {
  /** The first retry's delay; each later one doubles, up to `retryMaxMs`. */
  retryBaseMs: number;
  retryMaxMs: number;
  /** Attempts before a temporarily failing message is given up. */
  maxAttempts: number;
  /** How long a worker holds the messages it took; a killed worker's are taken up after it. */
  leaseMs: number;
  /** How often the outbox is looked at. */
  pollMs: number;
}

export interface MailDeliveryLog {
  info(object: object, message: string): void;
  warn(object: object, message: string): void;
  error(object: object, message: string): void;
}

const BATCH = 20;
/** At most one warning a minute while mail keeps failing: an outage must not flood the log. */
const WARN_EVERY_MS = 60_000;

/** The delay before attempt `attempts + 1`: exponential from the base, capped. */
export function retryDelay(
  attempts: number,
  settings: Pick<MailDeliverySettings, 'retryBaseMs' | 'retryMaxMs'>,
) {
  return Math.min(settings.retryMaxMs, settings.retryBaseMs * 2 ** Math.max(0, attempts - 1));
}

/**
 * Drains the mail outbox (decision 200): takes due messages under a lease, hands each to the
 * transport, then records the outcome under the same lease. It runs where the reminder workers run
 * (in the server when embedded, in worker.ts when scaled), never inside a request; several
 * processes may run it at once.
 */
export class MailDelivery {
  private readonly outbox: MailDeliveryRepository;
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;
  private stopping = false;
  private lastWarning = 0;

  constructor(
    private readonly options: {
      db: Database;
      clock: Clock;
      transport: MailTransport;
      settings: MailDeliverySettings;
      log: MailDeliveryLog;
      metrics?: MailMetrics | undefined;
    },
  ) {
    this.outbox = new MailDeliveryRepository(options.db);
  }

  get transportKind(): MailTransport['kind'] {
    return this.options.transport.kind;
  }

  start(): void {
    const loop = () => {
      if (this.stopping) return;
      this.running = this.drain()
        .then(() => undefined)
        .catch((error: unknown) => this.options.log.error({ err: error }, 'mail delivery failed'))
        .finally(() => {
          this.running = undefined;
          if (!this.stopping) this.timer = setTimeout(loop, this.options.settings.pollMs);
        });
    };
    this.timer = setTimeout(loop, 0);
  }

  /** Stops polling, lets the batch being sent finish (it hands back what it did not try), closes the transport. */
  async stop(): Promise<void> {
    this.stopping = true;
    clearTimeout(this.timer);
    await this.running;
    await this.options.transport.close();
  }

  stats(): Promise<MailOutboxStats> {
    return this.outbox.stats(this.options.clock.now());
  }

  /** One pass: batches until nothing is due. Returns how many messages were handled. */
  async drain(): Promise<number> {
    let handled = 0;
    for (;;) {
      const batch = await this.leaseBatch();
      if (batch.messages.length === 0) break;
      handled += await this.sendBatch(batch.leaseId, batch.messages);
      if (this.stopping || batch.messages.length < BATCH) break;
    }
    return handled;
  }

  private async leaseBatch() {
    const now = this.options.clock.now();
    const leaseId = randomUUID();
    const until = new Date(now.getTime() + this.options.settings.leaseMs);
    return { leaseId, messages: await this.outbox.lease(now, leaseId, until, BATCH) };
  }

  private async sendBatch(leaseId: string, messages: LeasedMail[]): Promise<number> {
    const { transport, settings, metrics } = this.options;
    for (const [index, message] of messages.entries()) {
      if (this.stopping) {
        await this.outbox.release(
          messages.slice(index).map((m) => m.id),
          leaseId,
          this.options.clock.now(),
        );
        return index;
      }
      const result = await transport.send(message);
      const now = this.options.clock.now();
      if (result.outcome === 'sent') {
        if (await this.outbox.markSent(message.id, leaseId, now)) metrics?.mailSent(message.kind);
        else
          this.options.log.warn({ mail: message.kind, id: message.id }, 'mail sent after its lease ran out');
        continue;
      }
      if (result.outcome === 'permanent-failure') {
        await this.outbox.markFailed(message.id, leaseId, result.error);
        metrics?.mailFailed(message.kind, 'permanent');
        this.options.log.warn(
          { mail: message.kind, id: message.id, error: maskAddresses(result.error) },
          'mail refused for good; not retried',
        );
        continue;
      }
      if (message.attempts >= settings.maxAttempts) {
        await this.outbox.markFailed(
          message.id,
          leaseId,
          `gave up after ${message.attempts} attempts: ${result.error}`,
        );
        metrics?.mailFailed(message.kind, 'gave-up');
        this.options.log.warn(
          { mail: message.kind, id: message.id, error: maskAddresses(result.error) },
          'mail given up',
        );
        continue;
      }
      const at = new Date(now.getTime() + retryDelay(message.attempts, settings));
      await this.outbox.retryAt(message.id, leaseId, at, result.error);
      metrics?.mailFailed(message.kind, 'retry');
      this.warnThrottled(now, result.error, at);
      if (result.unreachable) {
        // The mail system is not there: the rest of the batch waits as long, untried.
        await this.outbox.release(
          messages.slice(index + 1).map((m) => m.id),
          leaseId,
          at,
        );
        return index + 1;
      }
    }
    return messages.length;
  }

  private warnThrottled(now: Date, error: string, retryAt: Date): void {
    if (now.getTime() - this.lastWarning < WARN_EVERY_MS) return;
    this.lastWarning = now.getTime();
    this.options.log.warn(
      { transport: this.options.transport.kind, error: maskAddresses(error), retryAt: retryAt.toISOString() },
      'mail could not be delivered; it stays in the outbox and is retried',
    );
  }
}

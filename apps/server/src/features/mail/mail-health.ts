import type { MailHealth } from '@medrem/contract';
import type { Clock } from '../../lib/clock';

/** Mail that waited this long has missed several retries (30 s doubling): it is not leaving. */
export const MAIL_STUCK_AFTER_MS = 15 * 60_000;
/** How often the outbox is looked at: a probe never reads the database for it. */
const CHECK_EVERY_MS = 60_000;

export interface MailHealthLog {
  warn(message: string): void;
  info(message: string): void;
}

/**
 * What the public health answer says of mail (decision 221), kept current once a minute: how mail
 * leaves (`smtp`, or `files` in DATA_DIR/mail/), or `failing` once the oldest message not yet sent
 * has waited MAIL_STUCK_AFTER_MS (an SMTP outage, a refusing relay, workers not running). No
 * counts, no addresses. The change to failing is logged once as a warning, and the way back once.
 */
export class MailHealthWatch {
  private state: MailHealth;
  private timer: NodeJS.Timeout | undefined;
  private checking: Promise<MailHealth> | undefined;

  constructor(
    private readonly deps: {
      transport: 'smtp' | 'files';
      /** When the oldest message still to send was queued; null when none waits. */
      oldestPendingSince: () => Promise<Date | null>;
      clock: Clock;
    },
  ) {
    this.state = deps.transport;
  }

  /** The last state seen (the transport's until the first look). */
  current(): MailHealth {
    return this.state;
  }

  /** Looks at the outbox now; a failed read keeps the last state (the next look tries again). */
  check(log?: MailHealthLog): Promise<MailHealth> {
    this.checking ??= this.look(log).finally(() => (this.checking = undefined));
    return this.checking;
  }

  private async look(log: MailHealthLog | undefined): Promise<MailHealth> {
    const oldest = await this.deps.oldestPendingSince().catch(() => undefined);
    if (oldest === undefined) return this.state;
    const waitedMs = oldest === null ? 0 : this.deps.clock.now().getTime() - oldest.getTime();
    const next: MailHealth = waitedMs >= MAIL_STUCK_AFTER_MS ? 'failing' : this.deps.transport;
    if (next === 'failing' && this.state !== 'failing') {
      log?.warn(
        `mail is not being delivered: the oldest message has waited ${Math.floor(waitedMs / 60_000)} minutes in the outbox (transport ${this.deps.transport}); the log's mail warnings say why`,
      );
    } else if (next !== 'failing' && this.state === 'failing') {
      log?.info('mail is leaving the outbox again');
    }
    this.state = next;
    return next;
  }

  /** Looks now and then once a minute, never keeping the process alive. */
  start(log: MailHealthLog): void {
    void this.check(log);
    this.timer = setInterval(() => void this.check(log), CHECK_EVERY_MS);
    this.timer.unref();
  }

  stop(): void {
    clearInterval(this.timer);
  }
}

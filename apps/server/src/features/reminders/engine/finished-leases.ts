import { setImmediate as nextTurn } from 'node:timers/promises';
import type { Database } from '../../../db/database';
import type { Clock } from '../../../lib/clock';
import { PushOutboxRepository } from '../../push/push-outbox.repository';
import type { PushBacklog } from './push-backlog';

/**
 * The longest a finished lease's rows wait for the burst to end. Half of what is left of the lease
 * bounds it too, so the sweep never finds them; at 5 s the timer rang inside a 100k burst and its
 * deletes (0.5 s of PGlite's thread) held back the last tenth of the pushes.
 */
const MAX_WAIT_MS = 20_000;
/** Leases per delete: on PGlite a delete holds the engine's thread, which is the API's too. */
const LEASES_PER_DELETE = 8;

/** What the held leases are judged and deleted with: the engine's own (decision 016's backlog). */
export interface FinishedLeasesDeps {
  db: Database;
  clock: Clock;
  /** This process's unsent pushes. */
  backlog: PushBacklog;
  log: { warn(obj: object, msg: string): void };
}

interface Finished {
  leaseId: string;
  sent: string[];
}

/**
 * Leases whose pushes were all dealt with, deleted once this process has no unsent pushes left
 * (decision 150): at a due instant their deletes were the largest piece of database work left
 * (100k rows, 1.3 s of PGlite's thread in a 100k burst), and nothing is waiting on them, while
 * every push still to go is. A finished lease's rows stay leased meanwhile, so no sweep takes them;
 * they wait at most MAX_WAIT_MS and never past half of what is left of their lease. A process that
 * dies in between leaves them to be sent again a lease later, replacing the notification its
 * Topic names (decision 041), as a crash between a send and its delete always could.
 */
export class FinishedLeases {
  private waiting: Finished[] = [];
  private timer: NodeJS.Timeout | undefined;
  /** When the timer rings (Date.now() time). */
  private timerAt = Infinity;
  private deleting: Promise<void> = Promise.resolve();

  constructor(private readonly o: FinishedLeasesDeps) {}

  /** Leases held back now (tests). */
  get size(): number {
    return this.waiting.length;
  }

  /**
   * A lease is done: its rows (and `sent`, wherever the sweep moved them) go now if this process
   * has nothing else to send, else once it has, or by `leaseUntil`'s half-way point at the latest.
   */
  async add(leaseId: string, sent: string[], leaseUntil: number): Promise<void> {
    this.waiting.push({ leaseId, sent });
    if (this.o.backlog.size === 0) return this.flush();
    const wait = Math.min(MAX_WAIT_MS, (leaseUntil - this.o.clock.now().getTime()) / 2);
    if (wait <= 0) return this.flush();
    if (Date.now() + wait >= this.timerAt) return;
    clearTimeout(this.timer);
    this.timerAt = Date.now() + wait;
    this.timer = setTimeout(() => void this.flush(), wait);
    this.timer.unref();
  }

  /** Deletes every lease held back, a few per statement with a turn of the event loop between. */
  flush(): Promise<void> {
    clearTimeout(this.timer);
    this.timer = undefined;
    this.timerAt = Infinity;
    this.deleting = this.deleting.then(async () => {
      const outbox = new PushOutboxRepository(this.o.db);
      while (this.waiting.length > 0) {
        const chunk = this.waiting.splice(0, LEASES_PER_DELETE);
        await outbox
          .deleteLeases(
            chunk.map((f) => f.leaseId),
            chunk.flatMap((f) => f.sent),
          )
          // Left leased: the sweep sends them again once the lease runs out (replacing, by Topic).
          .catch((error: unknown) => this.o.log.warn({ err: error }, 'deleting sent pushes failed'));
        if (this.waiting.length > 0) await nextTurn();
      }
    });
    return this.deleting;
  }
}

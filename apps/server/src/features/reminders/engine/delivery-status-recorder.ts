import { setImmediate as nextTurn } from 'node:timers/promises';
import type { Database } from '../../../db/database';
import {
  type DeliveryOutcome,
  type DeliveryStatusEntry,
  DeliveryStatusRepository,
  mergeOutcome,
} from '../../push/delivery-status.repository';
import type { PushBacklog } from './push-backlog';

/** How often waiting outcomes look whether this process's burst of sends has ended. */
const LOOK_EVERY_MS = 20_000;
/** The longest outcomes wait for a burst to end: a process never idle still writes them. */
const MAX_WAIT_MS = 5 * 60_000;
/** Devices per statement: one statement holds PGlite's thread, the API's too. */
const PER_STATEMENT = 2_000;

/**
 * Delivery status as the engine sends (decision 234): each send's outcome is noted in memory (a Map
 * set, O(1)), the latest success and failure per device, and written later in a few statements of
 * thousands, once this process has no unsent pushes left (or after MAX_WAIT_MS): at a due instant
 * the writes would compete with the sends, which nothing waits on them for (decision 150's reason).
 * A process that dies first loses what it had noted: the status is what the person reads, and the
 * next reminder writes it again.
 */
export class DeliveryStatusRecorder {
  private noted = new Map<string, DeliveryStatusEntry>();
  private timer: NodeJS.Timeout | undefined;
  /** When the oldest outcome not yet written was noted while sends were going on (Date.now()). */
  private firstNotedAt: number | undefined;
  private writing: Promise<void> = Promise.resolve();

  constructor(
    private readonly o: {
      db: Database;
      /** This process's unsent pushes (decision 016's backlog). */
      backlog: Pick<PushBacklog, 'size'>;
      log: { warn(obj: object, msg: string): void };
    },
  ) {}

  note(outcome: DeliveryOutcome): void {
    mergeOutcome(this.noted, outcome);
  }

  /**
   * After a lease: written now when nothing else is left to send; else looked at again every
   * LOOK_EVERY_MS and written once the sends are over, or after MAX_WAIT_MS whatever they are.
   */
  settle(): Promise<void> {
    if (this.noted.size === 0) return Promise.resolve();
    if (this.o.backlog.size === 0) return this.flush();
    this.firstNotedAt ??= Date.now();
    if (!this.timer) {
      this.timer = setTimeout(() => {
        this.timer = undefined;
        void this.settleLater();
      }, LOOK_EVERY_MS);
      this.timer.unref();
    }
    return Promise.resolve();
  }

  private settleLater(): Promise<void> {
    const waited = Date.now() - (this.firstNotedAt ?? Date.now());
    return waited >= MAX_WAIT_MS ? this.flush() : this.settle();
  }

  flush(): Promise<void> {
    clearTimeout(this.timer);
    this.timer = undefined;
    this.firstNotedAt = undefined;
    const entries = [...this.noted.values()];
    this.noted = new Map();
    this.writing = this.writing.then(async () => {
      const status = new DeliveryStatusRepository(this.o.db);
      for (let i = 0; i < entries.length; i += PER_STATEMENT) {
        await status
          .record(entries.slice(i, i + PER_STATEMENT))
          .catch((error: unknown) => this.o.log.warn({ err: error }, 'delivery status not recorded'));
        if (i + PER_STATEMENT < entries.length) await nextTurn();
      }
    });
    return this.writing;
  }
}

import type { Database } from '../../../db/database';
import type { Clock } from '../../../lib/clock';
import { type PrunedRecord, RetentionRepository, prunedRecords } from '../retention.repository';
import type { EngineLogger } from './engine-options';

/** A complete pass at most this often; an interrupted one goes on at the next quiet tick. */
export const RETENTION_EVERY_MS = 10 * 60_000;
/** Rows per delete statement: one short statement between the engine's own (decision 276). */
export const RETENTION_BATCH = 1000;
/**
 * Seconds of each minute the pruner may work in. Reminders are due on the minute (dose times, their
 * offsets, staged releases), so the due second and its burst are at the start of a minute.
 */
const QUIET_FROM_SECOND = 15;
const QUIET_UNTIL_SECOND = 50;

export interface RecordRetentionOptions {
  db: Database;
  clock: Clock;
  log: EngineLogger;
  /** Notifications older than this go; 0 keeps them all (NOTIFICATION_RETENTION_DAYS). */
  notificationMs: number;
  /** True while this process fires or still has pushes to send: the pruner waits. */
  busy: () => boolean;
  batchSize?: number;
  /** Tests: called after each batch's transaction committed. */
  afterBatch?: (table: string, deleted: number) => Promise<void>;
}

/** Whether `now` is in the part of a minute the pruner may use. */
export function offTheDueSecond(now: Date): boolean {
  const second = now.getUTCSeconds();
  return second >= QUIET_FROM_SECOND && second < QUIET_UNTIL_SECOND;
}

/**
 * Retention (decision 276): deletes what is past its use in batches, between the engine's
 * statements, only in the quiet part of a minute and never while this process fires or sends;
 * stops at the first batch another worker's pruner holds the lock for.
 */
export class RecordRetention {
  private readonly repository: RetentionRepository;
  private readonly records: PrunedRecord[];
  private nextRunAt = 0;
  /** Rows deleted since start (tests, logs). */
  deleted = 0;

  constructor(private readonly o: RecordRetentionOptions) {
    this.repository = new RetentionRepository(o.db);
    this.records = prunedRecords(o.notificationMs);
  }

  /** Whether a pass should start at `now` (the tick asks, with nothing due). */
  due(now: Date): boolean {
    return now.getTime() >= this.nextRunAt && offTheDueSecond(now) && !this.o.busy();
  }

  /** One pass over every record kind; true when it finished, false when it yielded. */
  async run(): Promise<boolean> {
    const limit = this.o.batchSize ?? RETENTION_BATCH;
    const started = this.o.clock.now();
    let deleted = 0;
    for (const record of this.records) {
      for (;;) {
        const now = this.o.clock.now();
        // A minute's turn or a burst of this process: the rest waits for the next quiet tick.
        if (!offTheDueSecond(now) || this.o.busy()) return this.finish(deleted, false, started);
        const batch = await this.repository.deleteBatch(record, started, limit);
        if (!batch.locked) return this.finish(deleted, true, started);
        deleted += batch.deleted;
        await this.o.afterBatch?.(record.name, batch.deleted);
        if (batch.deleted < limit) break;
      }
    }
    return this.finish(deleted, true, started);
  }

  private finish(deleted: number, done: boolean, started: Date): boolean {
    this.deleted += deleted;
    if (done) this.nextRunAt = started.getTime() + RETENTION_EVERY_MS;
    if (deleted > 0) this.o.log.info({ deleted, done }, 'pruned old reminder records');
    return done;
  }
}

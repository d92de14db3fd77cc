import { ReminderRepository } from '../reminder.repository';
import type { JobHandler, JobQueue } from '../queue/job-queue';
import type { ReminderEngineOptions } from './engine-options';
import { fireBatch } from './fire-batch';
import { DeliveryStatusRecorder } from './delivery-status-recorder';
import { FinishedLeases } from './finished-leases';
import { sweepLeases } from './lease-sweep';
import { PushOutboxRepository } from '../../push/push-outbox.repository';
import { deliverLease } from './push-delivery';
import { ReminderPreparer } from './prepare-ahead';
import { PushBacklog } from './push-backlog';
import { RecordRetention } from './record-retention';
import { StagedReleases } from './staged-releases';

export type { EngineLogger, ReminderEngineOptions } from './engine-options';

/**
 * The reminder engine. A tick (every second, in every worker) counts due schedule rows through the
 * fire_at index and queues fire jobs (fire-batch.ts: claim, decide, store, outbox); push jobs send a
 * lease's pushes (push-delivery.ts); the sweep re-leases what a crash left behind (lease-sweep.ts).
 * The path of a reminder: docs/reminders.md.
 */
export class ReminderEngine {
  private timer: NodeJS.Timeout | undefined;
  private ticking: Promise<void> | undefined;
  private preparing: Promise<void> | undefined;
  private pruning: Promise<void> | undefined;
  private readonly preparer: ReminderPreparer | undefined;
  /** Fire jobs of this process running now: the pruner waits while any does. */
  private firing = 0;
  private stopping = false;
  readonly retention: RecordRetention;
  private readonly reminders: ReminderRepository;
  private readonly o: ReminderEngineOptions;
  /** Leases this process queued a push job for that has not started yet (released on shutdown). */
  private readonly unstarted = new Set<string>();
  private readonly backlog: PushBacklog;
  /** Leases stored ahead and waiting for their instant (decision 017), when preparation is on. */
  private readonly staged: StagedReleases | undefined;

  /**
   * `ownPushes`: this process's own queue for the push jobs of the batches it fires, when `queue` is
   * shared (BullMQ); see decision 139. Without it those jobs go to `queue`.
   */
  constructor(options: ReminderEngineOptions) {
    this.reminders = new ReminderRepository(options.db);
    const { queue, ownPushes } = options;
    // A push job that only this process holds is remembered until it starts, to be handed back
    // at shutdown; a job in Redis is another worker's to run.
    const unstarted = this.unstarted;
    const tracking = (q: JobQueue): JobQueue => ({
      kind: q.kind,
      add(name, data, jobOptions) {
        if (name === 'push' && q.kind === 'in-process') unstarted.add(String(data.leaseId));
        return q.add(name, data, jobOptions);
      },
      process: (handlers, concurrency) => q.process(handlers, concurrency),
      waiting: () => q.waiting(),
      idle: () => q.idle(),
      close: () => q.close(),
    });
    this.o = { ...options, queue: tracking(queue), ...(ownPushes ? { ownPushes: tracking(ownPushes) } : {}) };
    this.o.freshLeases = new Map();
    this.backlog = new PushBacklog(options.batchSize);
    this.o.pushBacklog = this.backlog;
    this.o.finishedLeases = new FinishedLeases({
      db: options.db,
      clock: options.clock,
      backlog: this.backlog,
      log: options.log,
    });
    this.o.deliveryStatus = new DeliveryStatusRecorder({
      db: options.db,
      backlog: this.backlog,
      log: options.log,
    });
    this.retention = new RecordRetention({
      db: options.db,
      clock: options.clock,
      log: options.log,
      notificationMs: options.notificationRetentionMs ?? 0,
      busy: () => this.stopping || this.firing > 0 || this.backlog.size > 0,
      ...(options.retentionBatch ? { batchSize: options.retentionBatch } : {}),
    });
    const leadMs = options.prepareLeadMs ?? 0;
    if (leadMs > 0) {
      if (options.stageAhead !== false) this.staged = new StagedReleases(this.o);
      this.preparer = new ReminderPreparer(this.o, leadMs, options.prepareMaxEntries ?? 200_000, this.staged);
      this.o.prepared = this.preparer.prepared;
    }
  }

  /**
   * Device bodies held now; bodies prepared and pushes sent with one since start (decision 048);
   * states and device lists the fire job took from preparation instead of reading them (decision 015);
   * reminders stored ahead and released at their instant (decision 017).
   */
  get preparation(): {
    held: number;
    made: number;
    used: number;
    reused: number;
    staged: number;
    released: number;
  } {
    const memo = this.preparer?.prepared;
    return {
      held: memo?.size ?? 0,
      made: memo?.made ?? 0,
      used: memo?.used ?? 0,
      reused: memo?.states.reused ?? 0,
      staged: this.staged?.staged ?? 0,
      released: this.staged?.released ?? 0,
    };
  }

  /** Pushes this process stored and has not yet sent (decision 016). */
  get unsentPushes(): number {
    return this.backlog.size;
  }

  handlers(): Record<string, JobHandler> {
    return {
      fire: () => this.fireLoop(),
      push: (data) => this.deliver(String(data.leaseId)),
    };
  }

  /** Starts ticking; the queue's consumers are started by the caller. */
  start(intervalMs: number): void {
    if (this.timer) return;
    this.timer = setInterval(() => {
      void this.tick().catch((error: unknown) => this.o.log.error({ err: error }, 'reminder tick failed'));
    }, intervalMs);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
    this.stopping = true;
    // A tick that failed (the database went away mid-tick) was logged by its caller; stopping must
    // not fail on it, or shutting down after an outage would fail too.
    await this.ticking?.catch(() => undefined);
    this.preparer?.stop();
    await this.preparing;
    await this.pruning;
    // What this process staged and did not release is put back, due at its instant, for the others.
    await this.staged?.handBack();
  }

  async tick(): Promise<void> {
    if (this.ticking) return this.ticking;
    this.ticking = this.tickOnce().finally(() => {
      this.ticking = undefined;
    });
    return this.ticking;
  }

  private async tickOnce(): Promise<void> {
    // Staged leases whose timer has not rung yet (or rang early) go out first.
    await this.staged?.releaseDue();
    const now = this.o.clock.now();
    const due = await this.reminders.countDue(now, this.o.batchSize * this.o.lanes);
    const lanes = Math.min(this.o.lanes, Math.ceil(due / this.o.batchSize));
    const first = firstLane(now, this.o.lanes);
    for (let lane = 0; lane < lanes; lane += 1) {
      await this.o.queue.add('fire', {}, { jobId: `fire-${(first + lane) % this.o.lanes}`, attempts: 1 });
    }
    await sweepLeases(this.o, now);
    this.dropStaleFreshLeases();
    this.prepareAhead();
    if (due === 0) this.pruneBeside(now);
  }

  /**
   * Retention (decision 276): what is past its use is deleted in batches, beside the ticks like
   * preparation, only with nothing due, in the quiet part of a minute, and never while this
   * process fires or sends: a delete of many rows must not hold up the tick of the next due second.
   */
  private pruneBeside(now: Date): void {
    if (this.pruning || !this.retention.due(now)) return;
    this.pruning = this.retention
      .run()
      .then(() => undefined)
      .catch((error: unknown) => this.o.log.warn({ err: error }, 'pruning reminder records failed'))
      .finally(() => {
        this.pruning = undefined;
      });
  }

  /** Leases whose push job ran in another process (BullMQ) are not kept past their lease time. */
  private dropStaleFreshLeases(): void {
    const before = Date.now() - this.o.pushLeaseMs;
    for (const [leaseId, lease] of this.o.freshLeases ?? []) {
      if (lease.at >= before) continue;
      this.o.freshLeases?.delete(leaseId);
      this.backlog.done(lease.pushes.length);
    }
  }

  /**
   * Starts preparing what enters the lead window (decision 048) unless a run is still going; it
   * runs beside the ticks, never delaying a firing.
   */
  private prepareAhead(): void {
    if (!this.preparer || this.preparing) return;
    this.preparing = this.preparer
      .run()
      .then(() => undefined)
      .catch((error: unknown) => this.o.log.warn({ err: error }, 'preparing reminders failed'))
      .finally(() => {
        this.preparing = undefined;
      });
  }

  /**
   * Fires batches until the due set is done or the budget is spent, each once this process's
   * backlog of unsent pushes allows it (decision 016): earlier reminders reach devices while later
   * ones are stored, instead of after the whole due set is.
   */
  private async fireLoop(): Promise<void> {
    const end = Date.now() + (this.o.fireBudgetMs ?? 10_000);
    this.firing += 1;
    try {
      while (Date.now() < end) {
        const over = await this.backlog.admit(end);
        const claimed = await this.fireBatch().finally(over);
        if (claimed < this.o.batchSize) return;
      }
    } finally {
      this.firing -= 1;
    }
  }

  /** Jobs waiting in the shared queue and in this process's own (the queue-depth metric too). */
  async waitingJobs(): Promise<number> {
    return (await this.o.queue.waiting()) + ((await this.o.ownPushes?.waiting()) ?? 0);
  }

  /** Processes one batch of due rows; returns how many rows it claimed. */
  fireBatch(): Promise<number> {
    return fireBatch(this.o);
  }

  /** Sends one lease's pushes. */
  deliver(leaseId: string): Promise<void> {
    this.unstarted.delete(leaseId);
    return deliverLease(this.o, leaseId);
  }

  /** Shutdown, after the queues are closed: the finished leases still held back are deleted. */
  deleteFinishedLeases(): Promise<void> {
    return this.o.finishedLeases?.flush() ?? Promise.resolve();
  }

  /** Shutdown and tests: the delivery status noted so far is written now. */
  recordDeliveryStatus(): Promise<void> {
    return this.o.deliveryStatus?.flush() ?? Promise.resolve();
  }

  /**
   * Shutdown, after the queues are closed: leases whose push job never started here are handed back
   * (due now) so another worker's next sweep sends them instead of waiting out PUSH_LEASE_SECONDS.
   * Only jobs of an in-process queue are counted; BullMQ jobs stay in Redis for the other workers.
   */
  async releaseUnstarted(): Promise<number> {
    const leases = [...this.unstarted];
    this.unstarted.clear();
    await new PushOutboxRepository(this.o.db).releaseLeases(leases, this.o.clock.now());
    return leases.length;
  }

  /** Tests: tick and wait until everything due at the clock's now has run. */
  async runUntilIdle(maxRounds = 20): Promise<void> {
    for (let round = 0; round < maxRounds; round += 1) {
      await this.tick();
      await this.preparing;
      await this.pruning;
      await this.o.queue.idle();
      await this.o.ownPushes?.idle();
      await this.deleteFinishedLeases();
      await this.recordDeliveryStatus();
      const due = await this.reminders.countDue(this.o.clock.now(), 1);
      if (due === 0) return;
    }
  }
}

/**
 * The lane a tick's fire jobs start at, moving on every second and the same in every worker. A lane
 * whose job a killed worker held keeps that job id in BullMQ until its lock runs out and the
 * stalled-job check gives it up (up to 90 s); a due set that needs one lane would wait that long if
 * it always went through lane 0. Started at the second's lane, it goes out through another lane a
 * second later. Workers ticking in the same second agree on the lane, so the job id still joins
 * them into one job.
 */
export function firstLane(now: Date, lanes: number): number {
  return Math.floor(now.getTime() / 1000) % lanes;
}

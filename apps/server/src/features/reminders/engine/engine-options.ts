import type { Database } from '../../../db/database';
import type { Clock } from '../../../lib/clock';
import type { ReminderMetrics } from '../../../lib/metrics';
import type { RealtimeHub } from '../../notifications/live/live-hub';
import type { LeasedPush } from '../../push/push-outbox.repository';
import type { PushSubscriptionRow } from '../../push/push-subscription.repository';
import type { PreparedPush, PushSender } from '../../push/push-sender';
import type { ActionTokenCodec } from '../action-tokens';
import type { JobQueue } from '../queue/job-queue';
import type { DeliveryStatusRecorder } from './delivery-status-recorder';
import type { FinishedLeases } from './finished-leases';
import type { PreparedPushes } from './prepared-pushes';
import type { PushBacklog } from './push-backlog';

export interface EngineLogger {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

/** What every part of the engine (tick, fire, deliver, sweep) works with. */
export interface ReminderEngineOptions {
  db: Database;
  clock: Clock;
  queue: JobQueue;
  realtime: RealtimeHub;
  sender: PushSender;
  tokens: ActionTokenCodec;
  /** The origin people open (PUBLIC_URL): a declarative push's link is absolute with it (decision 242). */
  publicUrl?: string | undefined;
  log: EngineLogger;
  /** Schedule rows claimed per transaction. */
  batchSize: number;
  /** Fire jobs that may run at once (across all workers). */
  lanes: number;
  /** Pushes in flight per push job. */
  pushConcurrency: number;
  /** How long a batch of pushes is reserved before another worker may take it over. */
  pushLeaseMs: number;
  maxPushAttempts: number;
  pushTtlSeconds: number;
  /** Where due/sent/failed counts and lateness go (lib/metrics.ts); none when absent. */
  metrics?: ReminderMetrics;
  /** Ceiling of a fire job's loop before it yields to the next tick. */
  fireBudgetMs?: number;
  /** How far ahead reminders are prepared (decision 048); 0 prepares nothing. */
  prepareLeadMs?: number;
  /**
   * Whether preparation also stores ahead what it can (decision 017), leaving only the release and
   * the sends for the instant; default true. Off, it only prepares in memory (decision 048).
   */
  stageAhead?: boolean;
  /** Notifications older than this are pruned (decision 276); 0 or absent keeps them. */
  notificationRetentionMs?: number;
  /** Rows per retention delete (default 1,000). */
  retentionBatch?: number;
  /** The most prepared rows and device bodies held in memory. */
  prepareMaxEntries?: number;
  /**
   * Heap growth (bytes) after which preparation makes a full collection between its pages
   * (decision 359: the embedded default on a small machine); absent, V8 alone decides.
   */
  prepareHeapSlackBytes?: number;
  /**
   * Leases this process just wrote, as written, with the devices the batch read, until their push
   * job reads them here instead of reading both back from the database (the engine sets it and
   * drops what another process took).
   */
  freshLeases?: Map<string, FreshLease>;
  /**
   * Where the push job of a batch this process just fired goes (decision 139): a queue of this
   * process, so the job finds the lease and the bodies prepared here. With BullMQ, `queue` stays
   * for fire jobs and for re-leased pushes, which any worker may take. Absent: `queue`.
   */
  ownPushes?: JobQueue;
  /** This process's unsent pushes, which its fire lanes pace themselves by (decision 016). */
  pushBacklog?: PushBacklog;
  /** Finished leases whose rows are deleted once this process has nothing left to send (decision 150). */
  finishedLeases?: FinishedLeases;
  /** Each send's outcome per device, written after the burst (decision 234; the engine sets it). */
  deliveryStatus?: DeliveryStatusRecorder;
  /** What was prepared ahead, when preparation is on (the engine sets it). */
  prepared?: PreparedPushes;
}

/** A lease as fireBatch wrote it: its pushes, and every device of the batch's users it read. */
export interface FreshLease {
  at: number;
  pushes: (LeasedPush & { availableAt: Date })[];
  devices: PushSubscriptionRow[];
  /** Bodies encrypted ahead, by push id (a staged lease's, decision 017). */
  bodies?: Map<string, PreparedPush>;
}

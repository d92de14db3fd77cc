import type { Notification } from '@medrem/contract';
import { DEFAULT_SETTINGS } from '@medrem/contract';
import { createHash, randomUUID } from 'node:crypto';
import type { Database } from '../../../db/database';
import type { Clock } from '../../../lib/clock';
import type { PushSender } from '../../push/push-sender';
import type { RealtimeHub } from '../../notifications/live/live-hub';
import { toNotification } from '../../notifications/notification.service';
import { type EffectiveSettings, readPreferences } from '../../settings/settings.service';
import type { ActionTokenCodec } from '../action-tokens';
import { type Intent, type UserState, effectiveOccurrence, evaluateRow } from './row-evaluation';
import type { JobHandler, JobQueue } from '../queue/job-queue';
import {
  type LeasedPush,
  type NewOutboxRow,
  reminderStore,
  subscriptionsByIds,
} from '../reminder.repository';
import { reminderTexts } from '../reminder-texts';

export interface EngineLogger {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

export interface ReminderEngineOptions {
  db: Database;
  clock: Clock;
  queue: JobQueue;
  realtime: RealtimeHub;
  sender: PushSender;
  tokens: ActionTokenCodec;
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
  /** Ceiling of a fire job's loop before it yields to the next tick. */
  fireBudgetMs?: number;
}

/** The JSON the service worker receives. */
export interface PushPayload {
  v: 1;
  id: string;
  type: Notification['type'];
  title: string;
  body: string;
  tag: string;
  url: string;
  createdAt: string;
  actions: { action: 'take' | 'snooze'; title: string; token: string }[];
}

const RETRY_BASE_MS = 10_000;
const SENT_FLUSH_MS = 500;
const RETRY_MAX_MS = 3_600_000;
const PRUNE_EVERY_MS = 10 * 60_000;
const DELIVERY_KEYS_KEPT_MS = 8 * 86_400_000;

/** Web Push Topic / SW tag: ≤ 32 URL-safe characters, equal for a dose and its snoozed repeat. */
export function topicFor(userId: string, tagKey: string): string {
  return createHash('sha256').update(`${userId}|${tagKey}`).digest('base64url').slice(0, 32);
}

function settingsFrom(row: { preferences: unknown; timezone: string } | undefined): EffectiveSettings {
  return { ...readPreferences(row?.preferences), timezone: row?.timezone ?? DEFAULT_SETTINGS.timezone };
}

/**
 * The reminder engine. A tick (every second, in every worker) looks for due schedule rows through the
 * fire_at index and enqueues fire jobs; a fire job claims a batch with FOR UPDATE SKIP LOCKED and, in
 * one transaction, decides from the current state what each row sends, records the dedupe keys, stores
 * the notifications, writes the push outbox and moves the rows on. After commit it fans out to open
 * tabs and enqueues the push job for the batch's outbox lease.
 */
export class ReminderEngine {
  private timer: NodeJS.Timeout | undefined;
  private ticking: Promise<void> | undefined;
  private lastPrune = 0;

  constructor(private readonly o: ReminderEngineOptions) {}

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
    await this.ticking;
  }

  async tick(): Promise<void> {
    if (this.ticking) return this.ticking;
    this.ticking = this.tickOnce().finally(() => {
      this.ticking = undefined;
    });
    return this.ticking;
  }

  private async tickOnce(): Promise<void> {
    const now = this.o.clock.now();
    const due = await reminderStore.countDue(this.o.db, now, this.o.batchSize * this.o.lanes);
    const lanes = Math.min(this.o.lanes, Math.ceil(due / this.o.batchSize));
    for (let lane = 0; lane < lanes; lane += 1) {
      await this.o.queue.add('fire', {}, { jobId: `fire-${lane}`, attempts: 1 });
    }
    await this.sweep(now);
    if (now.getTime() - this.lastPrune > PRUNE_EVERY_MS) {
      this.lastPrune = now.getTime();
      await reminderStore.pruneDeliveries(this.o.db, new Date(now.getTime() - DELIVERY_KEYS_KEPT_MS));
    }
  }

  /** Pushes whose lease ran out (crash, lost job) or whose retry is due get a new lease and a job. */
  private async sweep(now: Date): Promise<void> {
    for (;;) {
      const leaseId = randomUUID();
      const taken = await reminderStore.releaseStale(
        this.o.db,
        now,
        leaseId,
        new Date(now.getTime() + this.o.pushLeaseMs),
        this.o.batchSize,
      );
      if (taken > 0) await this.o.queue.add('push', { leaseId }, { jobId: `push-${leaseId}` });
      if (taken < this.o.batchSize) return;
    }
  }

  private async fireLoop(): Promise<void> {
    const end = Date.now() + (this.o.fireBudgetMs ?? 10_000);
    while (Date.now() < end) {
      const claimed = await this.fireBatch();
      if (claimed < this.o.batchSize) return;
      // Back-pressure: while push jobs wait, let them run; the next tick resumes firing. Earlier
      // reminders then reach devices first instead of after the whole due set is stored.
      if ((await this.o.queue.waiting()) > 0) return;
    }
  }

  /** Processes one batch of due rows; returns how many rows it claimed. */
  async fireBatch(): Promise<number> {
    const now = this.o.clock.now();
    const result = await this.o.db.transaction(async (tx) => {
      const rows = await reminderStore.claimDue(tx, now, this.o.batchSize);
      if (rows.length === 0) return null;
      const userIds = [...new Set(rows.map((r) => r.userId))];
      const occurrences = new Map(rows.map((r) => [r.id, effectiveOccurrence(r, now)]));
      const settingsRows = await reminderStore.settingsOf(tx, userIds);
      const medicines = await reminderStore.medicinesOf(tx, userIds);
      const dates = [...new Set([...occurrences.values()].map((o) => o.date))];
      const taken = await reminderStore.takenOn(
        tx,
        medicines.map((m) => m.id),
        dates,
      );
      const states = new Map<string, UserState>();
      const settingsByUser = new Map(settingsRows.map((s) => [s.userId, s]));
      for (const userId of userIds) {
        states.set(userId, {
          settings: settingsFrom(settingsByUser.get(userId)),
          medicines: [],
          taken: new Map(),
        });
      }
      const medicineOwner = new Map<string, string>();
      for (const m of medicines) {
        states.get(m.userId)?.medicines.push(m);
        medicineOwner.set(m.id, m.userId);
      }
      for (const t of taken) {
        const owner = medicineOwner.get(t.medicineId);
        if (owner) states.get(owner)?.taken.set(`${t.medicineId}|${t.date}`, t.taken);
      }

      const intents: { userId: string; intent: Intent }[] = [];
      const moves: Parameters<typeof reminderStore.moveRows>[1] = [];
      const removals: string[] = [];
      for (const row of rows) {
        const outcome = evaluateRow(row, occurrences.get(row.id)!, states.get(row.userId)!, now);
        for (const intent of outcome.intents) intents.push({ userId: row.userId, intent });
        if (outcome.next) {
          moves.push({
            ...outcome.next.spec,
            id: row.id,
            userId: row.userId,
            occurrenceDate: outcome.next.date,
            fireAt: outcome.next.fireAt,
          });
        } else {
          removals.push(row.id);
        }
      }

      const fresh = await reminderStore.recordDeliveries(
        tx,
        intents.map((i) => ({ userId: i.userId, key: i.intent.key })),
        now,
      );
      const toStore = intents
        .filter((i) => fresh.has(`${i.userId}|${i.intent.key}`))
        .map((i) => ({ ...i, id: randomUUID() }));
      const rowsToStore = toStore.map((i) => ({
        id: i.id,
        userId: i.userId,
        type: i.intent.type,
        title: i.intent.title,
        message: i.intent.message,
        medicineName: i.intent.medicineName,
        createdAt: now,
        isRead: false,
      }));
      await reminderStore.insertNotifications(tx, rowsToStore);
      const byId = new Map(rowsToStore.map((n) => [n.id, toNotification(n)]));
      const subscriptions = await reminderStore.subscriptionsOf(tx, [
        ...new Set(toStore.map((i) => i.userId)),
      ]);
      const devicesOf = new Map<string, typeof subscriptions>();
      for (const s of subscriptions) devicesOf.set(s.userId, [...(devicesOf.get(s.userId) ?? []), s]);
      const outbox: NewOutboxRow[] = [];
      for (const item of toStore) {
        const devices = devicesOf.get(item.userId);
        if (!devices) continue;
        const notification = byId.get(item.id)!;
        const { payload, topic } = this.payloadFor(item.userId, item.intent, notification, now);
        for (const device of devices)
          outbox.push({ userId: item.userId, subscriptionId: device.id, payload, topic });
      }
      const leaseId = randomUUID();
      await reminderStore.insertOutbox(tx, outbox, leaseId, new Date(now.getTime() + this.o.pushLeaseMs));
      await reminderStore.moveRows(tx, moves);
      await reminderStore.deleteRows(tx, removals);
      return {
        claimed: rows.length,
        leaseId: outbox.length > 0 ? leaseId : undefined,
        notifications: toStore.map((i) => ({ userId: i.userId, notification: byId.get(i.id)! })),
      };
    });
    if (!result) return 0;
    if (result.leaseId) {
      await this.o.queue.add('push', { leaseId: result.leaseId }, { jobId: `push-${result.leaseId}` });
    }
    // Open tabs are told after commit; a lost message only means the bell updates on its next fetch.
    await Promise.all(
      result.notifications.map((n) =>
        this.o.realtime.publish(n.userId, n.notification).catch((error: unknown) => {
          this.o.log.warn({ err: error }, 'realtime publish failed');
        }),
      ),
    );
    return result.claimed;
  }

  private payloadFor(userId: string, intent: Intent, notification: Notification, now: Date) {
    const dose = intent.dose;
    const tagKey = dose?.snoozable ? `dose:${dose.slot}:${dose.date}` : intent.key;
    const topic = topicFor(userId, tagKey);
    const actions: PushPayload['actions'] = [];
    if (dose) {
      const base = { userId, slot: dose.slot, date: dose.date, medicineId: dose.medicineId };
      actions.push({
        action: 'take',
        title: reminderTexts.actionTake,
        token: this.o.tokens.sign({ ...base, action: 'take' }, now),
      });
      if (dose.snoozable) {
        actions.push({
          action: 'snooze',
          title: reminderTexts.actionSnooze,
          token: this.o.tokens.sign({ ...base, action: 'snooze' }, now),
        });
      }
    }
    const payload: PushPayload = {
      v: 1,
      id: notification.id,
      type: notification.type,
      title: notification.title,
      body: notification.message,
      tag: topic,
      url: '/',
      createdAt: notification.createdAt,
      actions,
    };
    return { payload, topic };
  }

  /** Sends one lease's pushes; failures are retried with back-off, dead devices removed. */
  async deliver(leaseId: string): Promise<void> {
    const now = this.o.clock.now();
    // The lease is rewritten (every pending row) only once a third of it or 10 s has passed: a fresh
    // lease from fireBatch is read as it is, and progress saves extend it only when due. Rows are safe
    // from the sweep while available_at is ahead of the clock.
    const renewBelow = this.o.pushLeaseMs - Math.min(this.o.pushLeaseMs / 3, 10_000);
    let leaseUntil = now.getTime() + this.o.pushLeaseMs;
    const read = await reminderStore.readLease(this.o.db, leaseId);
    const earliest = read.reduce((min, p) => Math.min(min, p.availableAt.getTime()), Infinity);
    let pushes: LeasedPush[] = read;
    if (pushes.length > 0 && earliest - now.getTime() < renewBelow) {
      pushes = await reminderStore.takeLease(this.o.db, leaseId, new Date(leaseUntil));
    } else if (pushes.length > 0) {
      leaseUntil = earliest;
    }
    if (pushes.length === 0) return;
    const devices = new Map(
      (await subscriptionsByIds(this.o.db, [...new Set(pushes.map((p) => p.subscriptionId))])).map((s) => [
        s.id,
        s,
      ]),
    );
    const sent: string[] = [];
    const gone = new Set<string>();
    const failed: { push: LeasedPush; error: string; permanent: boolean }[] = [];
    let next = 0;
    const worker = async () => {
      while (next < pushes.length) {
        const push = pushes[next++]!;
        const device = devices.get(push.subscriptionId);
        if (!device) continue;
        const payload = push.payload as PushPayload;
        const result = await this.o.sender.send(device, {
          payload: JSON.stringify(payload),
          topic: push.topic,
          ttlSeconds: this.o.pushTtlSeconds,
          urgency: payload.type === 'reminder' || payload.type === 'missed_dose' ? 'high' : 'normal',
        });
        if (result.ok) sent.push(push.id);
        else if (result.gone) gone.add(push.subscriptionId);
        else failed.push({ push, error: result.error, permanent: result.permanent === true });
      }
    };
    // While sending: delivered rows are deleted every half second (a crash then re-sends at most that
    // much), and the lease is extended (once a third of it, at most 10 s, has passed) so no sweep
    // takes over a batch that is still being sent.
    let deleted = 0;
    const flush = async () => {
      const done = sent.slice(deleted);
      deleted += done.length;
      await reminderStore.deletePushes(this.o.db, done);
      const at = this.o.clock.now().getTime();
      if (leaseUntil - at < renewBelow) {
        leaseUntil = at + this.o.pushLeaseMs;
        await reminderStore.extendLease(this.o.db, leaseId, new Date(leaseUntil));
      }
    };
    let flushing: Promise<void> = Promise.resolve();
    const timer = setInterval(() => {
      flushing = flushing
        .then(flush)
        .catch((error: unknown) => this.o.log.warn({ err: error }, 'push progress save failed'));
    }, SENT_FLUSH_MS);
    try {
      await Promise.all(Array.from({ length: Math.min(this.o.pushConcurrency, pushes.length) }, worker));
    } finally {
      clearInterval(timer);
      await flushing;
    }
    await reminderStore.deletePushes(this.o.db, sent.slice(deleted));
    // 404/410: the device unsubscribed; its row (and its pending pushes) go.
    await reminderStore.deleteSubscriptions(this.o.db, [...gone]);
    const after = this.o.clock.now();
    for (const { push, error, permanent } of failed) {
      const attempts = push.attempts + 1;
      const delay = Math.min(RETRY_BASE_MS * 2 ** (attempts - 1), RETRY_MAX_MS);
      await reminderStore.retryPush(this.o.db, push.id, {
        attempts,
        availableAt: new Date(after.getTime() + delay),
        failed: permanent || attempts >= this.o.maxPushAttempts,
        error,
      });
      this.o.log.warn({ attempts, error }, 'push failed; will retry');
    }
  }

  /** Tests: tick and wait until everything due at the clock's now has run. */
  async runUntilIdle(maxRounds = 20): Promise<void> {
    for (let round = 0; round < maxRounds; round += 1) {
      await this.tick();
      await this.o.queue.idle();
      const due = await reminderStore.countDue(this.o.db, this.o.clock.now(), 1);
      if (due === 0) return;
    }
  }
}

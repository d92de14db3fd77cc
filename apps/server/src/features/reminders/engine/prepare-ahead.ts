import { randomUUID } from 'node:crypto';
import { setImmediate as yieldToEvents } from 'node:timers/promises';
import type { PreparedPush } from '../../push/push-sender';
import { toNotification } from '../../notifications/notification.service';
import { PushSubscriptionRepository } from '../../push/push-subscription.repository';
import { ReminderRepository } from '../reminder.repository';
import type { ReminderEngineOptions } from './engine-options';
import { PreparationHeap } from './preparation-heap';
import { type PreparedNotification, PreparedPushes } from './prepared-pushes';
import { pushPayloadFor } from './push-payload';
import { type DueRow, evaluateRow } from './row-evaluation';
import { stageRows } from './stage-ahead';
import type { StagedReleases } from './staged-releases';
import { loadBatch } from './user-state.loader';
import { devicesByUser, notificationRow } from './fire-batch';

/** Rows read and prepared per step; small, so fire and push jobs interleave with preparation. */
const PREPARE_BATCH = 500;
/** After every uuid: a keyset at `now` starts with the rows after now (those at now are due). */
const LAST_ID = 'ffffffff-ffff-ffff-ffff-ffffffffffff';

/**
 * Prepares, ahead of their time, the reminders of the rows firing within the lead window
 * (decision 048): evaluates each row as of its fire instant, gives each notification its id and
 * payload (with its signed action tokens) and encrypts that payload for each device. Nothing is
 * stored and nothing sent: at the due second the fire job still decides from the state then, and
 * takes from `PreparedPushes` only what it would have built itself.
 *
 * It reads forward through the (fire_at, id) index from a keyset, so each row is read once per
 * occurrence however long the window; rows moved into the window behind the keyset are simply not
 * prepared (they fire as they would without preparation).
 */
export class ReminderPreparer {
  readonly prepared: PreparedPushes;
  private keyset = { fireAt: new Date(0), id: LAST_ID };
  private stopping = false;

  constructor(
    private readonly o: ReminderEngineOptions,
    private readonly leadMs: number,
    maxEntries: number,
    /** Where staged leases wait for their instant; absent, nothing is staged (decision 017). */
    private readonly staging?: StagedReleases,
  ) {
    this.prepared = new PreparedPushes(maxEntries);
    const slack = o.prepareHeapSlackBytes;
    this.heap = slack ? new PreparationHeap(slack) : undefined;
  }

  /** Collects the pages' garbage as they go (decision 359); absent, V8 alone decides. */
  readonly heap: PreparationHeap | undefined;

  /** Stages what it can of a page; returns the ids of the rows it staged or found held. */
  private async stage(rows: DueRow[], until: Date): Promise<Set<string>> {
    const { staged, skipped, leases } = await stageRows(this.o, rows, until);
    for (const lease of leases) this.staging?.add(lease);
    return new Set([...staged, ...skipped]);
  }

  /** Prepares what entered the window since the last run; returns how many rows it prepared. */
  async run(): Promise<number> {
    const now = this.o.clock.now();
    this.prepared.evict(now);
    // Rows due now or earlier belong to the fire job: preparing them would race it for nothing.
    if (this.keyset.fireAt.getTime() <= now.getTime()) this.keyset = { fireAt: now, id: LAST_ID };
    const until = new Date(now.getTime() + this.leadMs);
    const reminders = new ReminderRepository(this.o.db);
    let count = 0;
    this.heap?.begin();
    while (!this.prepared.full && !this.stopping) {
      const rows = await reminders.listUpcoming(this.keyset, until, PREPARE_BATCH);
      if (rows.length === 0) break;
      // Staged rows are stored already (decision 017), and rows another transaction held are being
      // staged, fired or re-planned by it; the rest are prepared in memory as before (decision 048).
      const done = this.staging ? await this.stage(rows, until) : undefined;
      await this.prepareRows(done ? rows.filter((r) => !done.has(r.id)) : rows);
      const last = rows[rows.length - 1]!;
      this.keyset = { fireAt: last.fireAt, id: last.id };
      count += rows.length;
      this.heap?.pageDone();
      if (rows.length < PREPARE_BATCH) break;
      await yieldToEvents();
    }
    return count;
  }

  /** Ends the current run after its page (≈ 500 rows): a shutdown need not wait for a whole window. */
  stop(): void {
    this.stopping = true;
  }

  private async prepareRows(rows: DueRow[]): Promise<void> {
    if (rows.length === 0) return;
    const reminders = new ReminderRepository(this.o.db);
    // Stamps first, then what they guard (decision 015): a write in between raises the stamp, so
    // what is kept can look older than it is, never newer.
    const stamps = await reminders.stampsOf([...new Set(rows.map((r) => r.userId))]);
    const { occurrences, states, dates } = await loadBatch(this.o.db, rows, (row) => row.fireAt);
    const planned = rows.map((row) => {
      const occurrence = occurrences.get(row.id)!;
      const { intents } = evaluateRow(row, occurrence, states.get(row.userId)!, occurrence.fireAt);
      return { row, at: occurrence.fireAt, intents };
    });
    // Each user's and recipient's latest instant in this page: what is kept lives until then.
    const usersAt = new Map<string, Date>();
    const recipientsAt = new Map<string, Date>();
    for (const { row, at, intents } of planned) {
      keepLatest(usersAt, row.userId, at);
      for (const intent of intents) keepLatest(recipientsAt, intent.recipientId ?? row.userId, at);
    }
    const readFor = new Set(dates);
    for (const [userId, state] of states) {
      this.prepared.states.keepState(
        userId,
        stamps.get(userId) ?? null,
        state,
        readFor,
        usersAt.get(userId)!,
      );
    }
    const recipients = [...recipientsAt.keys()];
    // Caregivers among them were not stamped above: before their devices are read.
    for (const [userId, stamp] of await reminders.stampsOf(recipients.filter((id) => !states.has(id)))) {
      stamps.set(userId, stamp);
    }
    const devicesOf = devicesByUser(await new PushSubscriptionRepository(this.o.db).listForUsers(recipients));
    for (const [recipientId, at] of recipientsAt) {
      const stamp = stamps.get(recipientId) ?? null;
      this.prepared.states.keepDevices(recipientId, stamp, devicesOf.get(recipientId) ?? [], at);
    }

    for (const { row, at, intents } of planned) {
      const notifications: PreparedNotification[] = [];
      const bodies: { notificationId: string; subscriptionId: string; push: PreparedPush }[] = [];
      for (const intent of intents) {
        const recipientId = intent.recipientId ?? row.userId;
        const notificationId = randomUUID();
        const notification = toNotification(notificationRow(intent, recipientId, notificationId, at));
        const { payload, topic } = pushPayloadFor(this.o, recipientId, intent, notification, at);
        notifications.push({ intent, recipientId, notificationId, createdAt: at, payload, topic });
        const json = JSON.stringify(payload);
        for (const device of devicesOf.get(recipientId) ?? []) {
          const push = this.o.sender.prepare?.(device, json);
          if (push) bodies.push({ notificationId, subscriptionId: device.id, push });
        }
      }
      this.prepared.add(row.id, at, notifications, bodies);
    }
  }
}

function keepLatest(map: Map<string, Date>, key: string, at: Date): void {
  const known = map.get(key);
  if (!known || known < at) map.set(key, at);
}

import type { Notification } from '@medrem/contract';
import { randomUUID } from 'node:crypto';
import { NotificationRepository } from '../../notifications/notification.repository';
import { toNotification } from '../../notifications/notification.service';
import { type LeasedPush, type NewOutboxRow, PushOutboxRepository } from '../../push/push-outbox.repository';
import {
  type PushSubscriptionRow,
  PushSubscriptionRepository,
} from '../../push/push-subscription.repository';
import { ReminderRepository, type ScheduleWrite } from '../reminder.repository';
import type { Database } from '../../../db/database';
import type { ReminderEngineOptions } from './engine-options';
import type { PreparedPush } from '../../push/push-sender';
import type { PreparedNotification } from './prepared-pushes';
import { PreparedReads } from './prepared-reads';
import { deliveryTargets } from './delivery-targets';
import { pushPayloadFor } from './push-payload';
import { type Intent, evaluateRow } from './row-evaluation';
import { groupSameMinute } from './same-minute';
import { loadBatch } from './user-state.loader';

/**
 * Processes one batch of due schedule rows; returns how many rows it claimed. In one transaction it
 * claims the rows (FOR UPDATE SKIP LOCKED, so other workers take the next ones), decides from the
 * current state what each row sends, records the dedupe keys, stores the notifications, writes the
 * push outbox under a new lease and moves the rows on. After commit the lease's push job is queued
 * and open tabs are told.
 */
export async function fireBatch(o: ReminderEngineOptions): Promise<number> {
  const now = o.clock.now();
  const result = await o.db.transaction(async (tx) => {
    const reminders = new ReminderRepository(tx);
    const rows = await reminders.claimDue(now, o.batchSize);
    if (rows.length === 0) return null;
    // A user whose stamp has not moved since preparation is decided from what it read (decision 015).
    const reads = new PreparedReads(reminders, o.prepared?.states);
    await reads.stamp([...new Set(rows.map((r) => r.userId))]);
    const { occurrences, states } = await loadBatch(tx, rows, () => now, reads.stateFor);

    const intents: (StoredIntent & { dueAt: Date; prepared?: PreparedNotification })[] = [];
    const moves: (ScheduleWrite & { id: string })[] = [];
    const removals: string[] = [];
    for (const row of rows) {
      const outcome = evaluateRow(row, occurrences.get(row.id)!, states.get(row.userId)!, now);
      const { fireAt: dueAt } = occurrences.get(row.id)!;
      // What was prepared ahead for this occurrence, used only where it is exactly this intent.
      const preparedFor = o.prepared?.take(row.id, dueAt, now);
      for (const intent of outcome.intents) {
        const userId = intent.recipientId ?? row.userId;
        const prepared = preparedFor?.(intent, userId);
        // A prepared push carries its instant as createdAt; the bell shows the same one.
        const id = prepared?.notificationId ?? randomUUID();
        const createdAt = prepared?.createdAt ?? now;
        intents.push({ userId, intent, id, createdAt, dueAt, ...(prepared ? { prepared } : {}) });
      }
      if (outcome.next) {
        const { spec, date, fireAt } = outcome.next;
        moves.push({ ...spec, id: row.id, userId: row.userId, occurrenceDate: date, fireAt });
      } else {
        removals.push(row.id);
      }
    }

    const { toStore, byId } = await storeFresh(tx, intents, now);
    const recipients = [...new Set(toStore.map((i) => i.userId))];
    await reads.stamp(recipients);
    const devices = await reads.devicesOf(recipients, (userIds) =>
      new PushSubscriptionRepository(tx).listForUsers(userIds),
    );
    const outbox = outboxRows(o, toStore, byId, devices, now);
    const leaseId = randomUUID();
    const leased = await new PushOutboxRepository(tx).insert(
      outbox,
      leaseId,
      new Date(now.getTime() + o.pushLeaseMs),
    );
    await reminders.moveRows(moves);
    await reminders.deleteRows(removals);
    return {
      claimed: rows.length,
      lateness: toStore.map((i) => (now.getTime() - i.dueAt.getTime()) / 1000),
      leaseId: outbox.length > 0 ? leaseId : undefined,
      leased,
      devices,
      notifications: toStore.map((i) => ({ userId: i.userId, notification: byId.get(i.id)! })),
    };
  });
  if (!result) return 0;
  await announceFired(o, result);
  return result.claimed;
}

/** What a committed batch (fired now, or staged and released at its instant) stored. */
export interface FiredBatch {
  claimed: number;
  /** Seconds past its instant, per stored notification. */
  lateness: number[];
  /** The lease of its pushes; absent when it has none. */
  leaseId?: string | undefined;
  leased: (LeasedPush & { availableAt: Date })[];
  devices: PushSubscriptionRow[];
  notifications: { userId: string; notification: Notification }[];
  /** Bodies encrypted ahead for its pushes, by push id (a staged lease's, decision 017). */
  bodies?: Map<string, PreparedPush>;
}

/**
 * After commit: the lease's push job is queued in this process (decision 139), which sends from the
 * rows kept here, and open tabs are told.
 */
export async function announceFired(o: ReminderEngineOptions, result: FiredBatch): Promise<void> {
  o.metrics?.due(result.claimed);
  for (const seconds of result.lateness) o.metrics?.stored(seconds);
  if (result.leaseId) {
    o.freshLeases?.set(result.leaseId, {
      at: Date.now(),
      pushes: result.leased,
      devices: result.devices,
      ...(result.bodies ? { bodies: result.bodies } : {}),
    });
    o.pushBacklog?.stored(result.leased.length);
    await (o.ownPushes ?? o.queue).add(
      'push',
      { leaseId: result.leaseId },
      { jobId: `push-${result.leaseId}` },
    );
  }
  // One message per batch; a lost message only means the bell updates on its next fetch.
  await o.realtime.publishMany(result.notifications).catch((error: unknown) => {
    o.log.warn({ err: error }, 'realtime publish failed');
  });
}

/** An intent with the id and time its notification is stored with (and the instant it was due). */
export interface StoredIntent {
  userId: string;
  intent: Intent;
  id: string;
  createdAt: Date;
  dueAt?: Date;
}

/**
 * Records each intent's dedupe key (created `keyedAt`) and stores a notification for each whose key
 * was new, the doses of a user due at one instant as one (same-minute.ts, decision 263); returns
 * those, and their notifications by id. The fire job's and staging's one way of making a reminder
 * exactly-once.
 */
export async function storeFresh<T extends StoredIntent>(
  tx: Database,
  items: T[],
  keyedAt: Date,
): Promise<{ toStore: T[]; byId: Map<string, Notification> }> {
  const fresh = await new ReminderRepository(tx).recordDeliveries(
    items.map((i) => ({ userId: i.userId, key: i.intent.key })),
    keyedAt,
  );
  const toStore = groupSameMinute(items.filter((i) => fresh.has(`${i.userId}|${i.intent.key}`)));
  const stored = toStore.map((i) => notificationRow(i.intent, i.userId, i.id, i.createdAt));
  await new NotificationRepository(tx).insertMany(stored);
  return { toStore, byId: new Map(stored.map((n) => [n.id, toNotification(n)])) };
}

/** The notification row an intent is stored as (and, through `toNotification`, pushed as). */
export function notificationRow(intent: Intent, userId: string, id: string, createdAt: Date) {
  return {
    id,
    userId,
    type: intent.type,
    title: intent.title,
    message: intent.message,
    medicineName: intent.medicineName,
    // The push's own page, so the bell opens it too (decision 346); a dose's link is its token page,
    // made per push, and the bell opens today's doses by its type.
    link: intent.url ?? null,
    createdAt,
    isRead: false,
  };
}

export function devicesByUser(devices: PushSubscriptionRow[]): Map<string, PushSubscriptionRow[]> {
  const byUser = new Map<string, PushSubscriptionRow[]>();
  for (const d of devices) {
    const own = byUser.get(d.userId);
    if (own) own.push(d);
    else byUser.set(d.userId, [d]);
  }
  return byUser;
}

/** One push per stored notification and device (or channel) of its user it goes to (delivery-targets.ts). */
export function outboxRows(
  o: ReminderEngineOptions,
  toStore: { userId: string; intent: Intent; id: string; prepared?: PreparedNotification }[],
  byId: Map<string, Notification>,
  devices: PushSubscriptionRow[],
  now: Date,
): NewOutboxRow[] {
  const devicesOf = devicesByUser(devices);
  const outbox: NewOutboxRow[] = [];
  for (const item of toStore) {
    const own = devicesOf.get(item.userId);
    if (!own) continue;
    const { payload, topic } =
      item.prepared ?? pushPayloadFor(o, item.userId, item.intent, byId.get(item.id)!, now);
    for (const device of deliveryTargets(own)) {
      outbox.push({ userId: item.userId, subscriptionId: device.id, payload, topic });
    }
  }
  return outbox;
}

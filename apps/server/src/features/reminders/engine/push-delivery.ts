import type { PushPayload } from '@medrem/contract';
import { type LeasedPush, PushOutboxRepository } from '../../push/push-outbox.repository';
import { DeliveryChannelRepository } from '../../push/delivery-channel.repository';
import { tellDevicesStopped } from '../../push/device-stopped';
import {
  type PushSubscriptionRow,
  PushSubscriptionRepository,
} from '../../push/push-subscription.repository';
import { type PushResult, type PushTarget, failureReason } from '../../push/push-sender';
import { type FailedPush, queueFallback } from './channel-fallback';
import { DeliveryStatusRecorder } from './delivery-status-recorder';
import { isPushDevice } from './delivery-targets';
import type { FreshLease, ReminderEngineOptions } from './engine-options';

const RETRY_BASE_MS = 10_000;
const RETRY_MAX_MS = 3_600_000;
const SENT_FLUSH_MS = 500;

/** Sends one lease's pushes; failures are retried with back-off, dead devices removed. */
export async function deliverLease(o: ReminderEngineOptions, leaseId: string): Promise<void> {
  // Written by this process a moment ago (fire-batch.ts): the same rows, without reading them back.
  const fresh = o.freshLeases?.get(leaseId);
  o.freshLeases?.delete(leaseId);
  // Its pushes count in this process's backlog (decision 016) until each is done with.
  let owed = fresh?.pushes.length ?? 0;
  const settle = (count: number) => {
    const n = Math.min(count, owed);
    owed -= n;
    o.pushBacklog?.done(n);
  };
  try {
    await sendLease(o, leaseId, fresh, () => settle(1));
  } finally {
    settle(owed);
  }
}

async function sendLease(
  o: ReminderEngineOptions,
  leaseId: string,
  fresh: FreshLease | undefined,
  onePushDone: () => void,
): Promise<void> {
  const outbox = new PushOutboxRepository(o.db);
  const subscriptions = new PushSubscriptionRepository(o.db);
  const now = o.clock.now();
  // The lease is rewritten (every pending row) only once half of it has passed: a fresh lease from
  // fireBatch or staging is read as it is, and progress saves extend it only when due. Rows are safe
  // from the sweep while available_at is ahead of the clock, and half a lease (30 s by default) is
  // many progress saves away. At "a third, at most 10 s", a burst running 10 s behind rewrote every
  // lease it started (500 rows each, 30 ms of PGlite's thread apiece), which put it further behind.
  const renewBelow = o.pushLeaseMs / 2;
  let leaseUntil = now.getTime() + o.pushLeaseMs;
  const read = fresh?.pushes ?? (await outbox.readLease(leaseId));
  const earliest = read.reduce((min, p) => Math.min(min, p.availableAt.getTime()), Infinity);
  let pushes: LeasedPush[] = read;
  if (pushes.length > 0 && earliest - now.getTime() < renewBelow) {
    pushes = await outbox.takeLease(leaseId, new Date(leaseUntil));
  } else if (pushes.length > 0) {
    leaseUntil = earliest;
  }
  if (pushes.length === 0) return;
  // The devices fireBatch read in the same transaction as the lease, or (a lease taken over) read
  // now. One that unsubscribes in between answers 404/410 and is removed below, as ever.
  const devices = new Map(
    (
      fresh?.devices ?? (await subscriptions.findByIds([...new Set(pushes.map((p) => p.subscriptionId))]))
    ).map((s) => [s.id, s]),
  );
  const sent: string[] = [];
  const gone = new Set<string>();
  const failed: { push: LeasedPush; kind: string; error: string; permanent: boolean }[] = [];
  const fallback: FailedPush[] = [];
  const status = o.deliveryStatus ?? new DeliveryStatusRecorder({ db: o.db, backlog: IDLE, log: o.log });
  let next = 0;
  const worker = async () => {
    while (next < pushes.length) {
      const push = pushes[next++]!;
      const device = devices.get(push.subscriptionId);
      if (!device) {
        onePushDone();
        continue;
      }
      const payload = push.payload as PushPayload;
      // The payload's body encrypted ahead, if this process made it for this token: kept with a
      // staged lease (decision 017), or in the memo (decision 048).
      const staged = fresh?.bodies?.get(push.id);
      const ready = staged ?? o.prepared?.bodyFor(payload.id, push.subscriptionId);
      const prepared = ready?.forToken === device.token ? ready : undefined;
      // A sender that throws fails this one push, never the batch (issue 8, finding 2).
      const result = await o.sender
        .send(device, {
          // Serialized only if the sender needs it: not for a body encrypted ahead.
          get payload() {
            return JSON.stringify(payload);
          },
          topic: push.topic,
          ttlSeconds: o.pushTtlSeconds,
          urgency: payload.type === 'reminder' || payload.type === 'missed_dose' ? 'high' : 'normal',
          prepared,
        })
        .catch((error: unknown): PushResult => ({ ok: false, gone: false, error: String(error) }));
      onePushDone();
      if (staged) {
        if (result.ok && prepared) o.prepared?.countUsed();
      } else if (result.ok || result.gone) {
        o.prepared?.done(payload.id, push.subscriptionId, result.ok && !!prepared);
      }
      const at = o.clock.now();
      if (result.ok) {
        sent.push(push.id);
        o.metrics?.pushSent(secondsSinceStored(payload, at));
        status.note({ subscriptionId: push.subscriptionId, at, ok: true });
        o.metrics?.delivery?.(device.kind, 'sent');
      } else {
        const reason = failureReason(result);
        status.note({ subscriptionId: push.subscriptionId, at, ok: false, reason, detail: result.error });
        // A browser or app device that did not take it: the user's fallback channels will (decision 233).
        if (isPushDevice(device.kind) && push.attempts === 0) {
          fallback.push({ userId: push.userId, payloadId: payload.id, payload, topic: push.topic });
        }
        if (result.gone) {
          gone.add(push.subscriptionId);
          o.metrics?.pushFailed('gone', true);
          o.metrics?.delivery?.(device.kind, 'gone');
        } else
          failed.push({ push, kind: device.kind, error: result.error, permanent: result.permanent === true });
      }
    }
  };
  // While sending: delivered rows are deleted every half second (a crash then re-sends at most that
  // much), and the lease is extended (once half of it has passed, `renewBelow`) so no sweep takes
  // over a batch that is still being sent.
  let deleted = 0;
  const flush = async () => {
    const done = sent.slice(deleted);
    deleted += done.length;
    await outbox.delete(done);
    const at = o.clock.now().getTime();
    if (leaseUntil - at < renewBelow) {
      leaseUntil = at + o.pushLeaseMs;
      await outbox.extendLease(leaseId, new Date(leaseUntil));
    }
  };
  let flushing: Promise<void> = Promise.resolve();
  const timer = setInterval(() => {
    flushing = flushing
      .then(flush)
      .catch((error: unknown) => o.log.warn({ err: error }, 'push progress save failed'));
  }, SENT_FLUSH_MS);
  try {
    await Promise.all(Array.from({ length: concurrencyFor(o, pushes, devices) }, worker));
  } finally {
    clearInterval(timer);
    await flushing;
  }
  // Every push dealt with and none to retry: the rest of the lease goes in one range delete (sent,
  // or without a device any more), once this process has nothing left to send (decision 150); with
  // retries to store, the sent ones go by id, now.
  if (failed.length > 0) await outbox.delete(sent.slice(deleted));
  else if (o.finishedLeases) await o.finishedLeases.add(leaseId, sent.slice(deleted), leaseUntil);
  else await outbox.deleteLeases([leaseId], sent.slice(deleted));
  // 404/410: the device unsubscribed; its row (and its pending pushes) go, and its owner is told.
  const removed = await new DeliveryChannelRepository(o.db).deleteGone([...gone]);
  await settleAfterSends(o, status, removed, fallback);
  const after = o.clock.now();
  for (const { push, kind, error, permanent } of failed) {
    const attempts = push.attempts + 1;
    const delay = Math.min(RETRY_BASE_MS * 2 ** (attempts - 1), RETRY_MAX_MS);
    const givenUp = permanent || attempts >= o.maxPushAttempts;
    await outbox.retry(push.id, {
      attempts,
      availableAt: new Date(after.getTime() + delay),
      failed: givenUp,
      error,
    });
    o.metrics?.pushFailed(permanent ? 'rejected' : 'transient', givenUp);
    o.metrics?.delivery?.(kind, givenUp ? 'gave-up' : 'failed');
    o.log.warn({ attempts, error }, 'push failed; will retry');
  }
}

/** Stands for a backlog when the engine keeps none (tests building options by hand): write at once. */
const IDLE = { size: 0 };

/**
 * After a lease's sends: the status noted is written (now or after the burst), the owners of removed
 * devices are told (decision 234), and fallback channels get what push could not deliver (233).
 * Each part only logs when it fails: the sends it follows are done and must not be repeated.
 */
async function settleAfterSends(
  o: ReminderEngineOptions,
  status: DeliveryStatusRecorder,
  removed: PushSubscriptionRow[],
  fallback: FailedPush[],
): Promise<void> {
  await status.settle();
  if (removed.length > 0) {
    await tellDevicesStopped(
      {
        db: o.db,
        realtime: o.realtime,
        now: o.clock.now(),
        leaseMs: o.pushLeaseMs,
        queuePush: (leaseId) => o.queue.add('push', { leaseId }, { jobId: `push-${leaseId}` }),
      },
      removed,
    ).catch((error: unknown) => o.log.warn({ err: error }, 'telling of stopped devices failed'));
  }
  await queueFallback(o, fallback).catch((error: unknown) =>
    o.log.warn({ err: error }, 'queueing fallback channels failed'),
  );
}

/**
 * How many of a job's pushes are in flight at once: `pushConcurrency`, or all of them when every
 * one goes to a sender that only hands it over to a thread bounding its own connections (decision
 * 151). There, a few at a time made each answer wait for this thread: behind the release's PGlite
 * statements at a due second, the thread ran out of work and sent at a fifth of its pace.
 */
function concurrencyFor(
  o: ReminderEngineOptions,
  pushes: LeasedPush[],
  devices: Map<string, PushTarget>,
): number {
  const handedOver = (p: LeasedPush) => {
    const device = devices.get(p.subscriptionId);
    return device === undefined || o.sender.handsOver?.(device) === true;
  };
  return pushes.every(handedOver) ? pushes.length : Math.min(o.pushConcurrency, pushes.length);
}

/** Seconds from the notification being stored (the payload's createdAt) to now; 0 if unreadable. */
function secondsSinceStored(payload: PushPayload, now: Date): number {
  const at = Date.parse(String(payload.createdAt));
  return Number.isNaN(at) ? 0 : (now.getTime() - at) / 1000;
}

import { randomUUID } from 'node:crypto';
import { DeliveryChannelRepository } from '../../push/delivery-channel.repository';
import { type NewOutboxRow, PushOutboxRepository } from '../../push/push-outbox.repository';
import { ReminderRepository } from '../reminder.repository';
import type { ReminderEngineOptions } from './engine-options';

/** A notification whose push to a browser or app device failed. */
export interface FailedPush {
  userId: string;
  payloadId: string;
  payload: unknown;
  topic: string;
}

/**
 * The 'fallback' channels of users whose push failed (decision 233): one outbox row per failed
 * notification and fallback channel, under a new lease whose push job goes to the shared queue. A
 * dedupe key per notification (`fallback:<id>`, in reminder_deliveries like every delivery key)
 * written in the same transaction makes it once, whatever retries, devices or workers failed it.
 * Runs only after failures, never for a push that went out.
 */
export async function queueFallback(o: ReminderEngineOptions, failed: FailedPush[]): Promise<void> {
  if (failed.length === 0) return;
  const users = [...new Set(failed.map((f) => f.userId))];
  const channels = await new DeliveryChannelRepository(o.db).fallbackChannelsOf(users);
  if (channels.length === 0) return;
  const now = o.clock.now();
  const leaseId = randomUUID();
  const stored = await o.db.transaction(async (tx) => {
    // One per notification: it may have failed on several devices of its user.
    const keyed = [
      ...new Map(
        failed
          .filter((f) => channels.some((c) => c.userId === f.userId))
          .map((f) => [`${f.userId}|fallback:${f.payloadId}`, f]),
      ).values(),
    ];
    const fresh = await new ReminderRepository(tx).recordDeliveries(
      keyed.map((f) => ({ userId: f.userId, key: `fallback:${f.payloadId}` })),
      now,
    );
    const rows: NewOutboxRow[] = [];
    for (const f of keyed) {
      if (!fresh.has(`${f.userId}|fallback:${f.payloadId}`)) continue;
      for (const channel of channels) {
        if (channel.userId !== f.userId) continue;
        rows.push({ userId: f.userId, subscriptionId: channel.id, payload: f.payload, topic: f.topic });
      }
    }
    await new PushOutboxRepository(tx).insert(rows, leaseId, new Date(now.getTime() + o.pushLeaseMs));
    return rows.length;
  });
  if (stored > 0) await o.queue.add('push', { leaseId }, { jobId: `push-${leaseId}` });
}

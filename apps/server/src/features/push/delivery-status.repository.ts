import { sql } from 'drizzle-orm';
import type { Database } from '../../db/database';
import { deliveryStatus } from '../../db/schema';
import type { DeliveryFailureReason } from './push-sender';

/** One device's or channel's outcome, as the delivery path noted it. */
export type DeliveryOutcome =
  | { subscriptionId: string; at: Date; ok: true }
  | { subscriptionId: string; at: Date; ok: false; reason: DeliveryFailureReason; detail: string };

/** A device's latest success and latest failure among the outcomes noted since the last write. */
export interface DeliveryStatusEntry {
  subscriptionId: string;
  okAt: Date | null;
  failure: { at: Date; reason: DeliveryFailureReason; detail: string } | null;
}

/** What is kept of a failure's text. */
const DETAIL_MAX = 300;

/**
 * Delivery status (decision 234): many outcomes in one statement. A success sets only the success
 * time and a failure only the failure's, so each keeps the other's last value. A device removed
 * meanwhile has no row to refer to: its outcome is left out (the join), never an error.
 */
export class DeliveryStatusRepository {
  constructor(private readonly db: Database) {}

  async record(entries: DeliveryStatusEntry[]): Promise<void> {
    if (entries.length === 0) return;
    const json = JSON.stringify(
      entries.map((e) => ({
        id: e.subscriptionId,
        ok_at: e.okAt?.toISOString() ?? null,
        failed_at: e.failure?.at.toISOString() ?? null,
        reason: e.failure?.reason ?? null,
        detail: e.failure?.detail.slice(0, DETAIL_MAX) ?? null,
      })),
    );
    await this.db.execute(sql`insert into ${deliveryStatus}
        (subscription_id, last_success_at, last_failure_at, last_failure_reason, last_failure_detail)
      select x.id, x.ok_at, x.failed_at, x.reason, x.detail
      from json_to_recordset(${json}::json)
        as x(id uuid, ok_at timestamptz, failed_at timestamptz, reason text, detail text)
      join push_subscriptions s on s.id = x.id
      on conflict (subscription_id) do update set
        last_success_at = coalesce(excluded.last_success_at, ${deliveryStatus.lastSuccessAt}),
        last_failure_at = coalesce(excluded.last_failure_at, ${deliveryStatus.lastFailureAt}),
        last_failure_reason = case when excluded.last_failure_at is null
          then ${deliveryStatus.lastFailureReason} else excluded.last_failure_reason end,
        last_failure_detail = case when excluded.last_failure_at is null
          then ${deliveryStatus.lastFailureDetail} else excluded.last_failure_detail end`);
  }
}

/** Merges outcomes into `into`, one entry per device: its latest success and latest failure. */
export function mergeOutcome(into: Map<string, DeliveryStatusEntry>, o: DeliveryOutcome): void {
  let entry = into.get(o.subscriptionId);
  if (!entry) {
    entry = { subscriptionId: o.subscriptionId, okAt: null, failure: null };
    into.set(o.subscriptionId, entry);
  }
  if (o.ok) entry.okAt = o.at;
  else entry.failure = { at: o.at, reason: o.reason, detail: o.detail };
}

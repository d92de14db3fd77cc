import { randomUUID } from 'node:crypto';
import { PushOutboxRepository } from '../../push/push-outbox.repository';
import {
  type PushSubscriptionRow,
  PushSubscriptionRepository,
} from '../../push/push-subscription.repository';
import { ReminderRepository } from '../reminder.repository';
import { type NewStagedFire, type StagedMove, StagedFireRepository } from '../staged-fire.repository';
import type { ReminderEngineOptions } from './engine-options';
import { type FiredBatch, outboxRows, storeFresh } from './fire-batch';
import { type DueRow, type Intent, evaluateRow } from './row-evaluation';
import { loadBatch } from './user-state.loader';

/** A lease stored ahead by this process, kept until its instant (staged-releases.ts). */
export interface StagedLease extends Required<
  Pick<FiredBatch, 'leased' | 'devices' | 'notifications' | 'bodies'>
> {
  leaseId: string;
  dueAt: Date;
  /** Schedule rows staged per user (the `due` count when released). */
  rowsOf: Map<string, number>;
}

interface Plan {
  row: DueRow;
  dueAt: Date;
  intents: Intent[];
  after: StagedMove['after'];
}

/**
 * Stores ahead of their instant the reminders of upcoming rows (decision 017), in one transaction:
 * the same claim, decision and writes as the fire job's, made as of each row's instant, with the
 * notifications created at that instant (hidden until then) and the pushes leased until the instant
 * plus the lease time, and a `staged_fires` row per user that says how to undo it. At the instant
 * only the release remains: one delete, then the sends.
 *
 * Only what can be undone exactly is staged: a row that moves on past the window (not one that is
 * removed, nor one firing again inside it), whose reminders go to its own user, and whose user's
 * stamp this transaction holds. Everything else fires as it would without staging.
 */
export async function stageRows(
  o: ReminderEngineOptions,
  rows: DueRow[],
  until: Date,
): Promise<{ staged: Set<string>; skipped: Set<string>; leases: StagedLease[] }> {
  const now = o.clock.now();
  return o.db.transaction(async (tx) => {
    const reminders = new ReminderRepository(tx);
    const claimed = await reminders.claimUpcoming(
      rows.map((r) => r.id),
      now,
      until,
    );
    // Rows another transaction holds: another process is staging or firing them, or an edit is
    // re-planning them; what would be prepared for them in memory now would not be used.
    const claimedIds = new Set(claimed.map((r) => r.id));
    const skipped = new Set(rows.filter((r) => !claimedIds.has(r.id)).map((r) => r.id));
    const nothing = { staged: new Set<string>(), skipped, leases: [] };
    const held = await reminders.holdStamps([...new Set(claimed.map((r) => r.userId))]);
    const candidates = claimed.filter((r) => held.has(r.userId));
    if (candidates.length === 0) return nothing;
    const { occurrences, states } = await loadBatch(tx, candidates, (row) => row.fireAt);
    const plans: Plan[] = [];
    for (const row of candidates) {
      const occurrence = occurrences.get(row.id)!;
      if (occurrence.fireAt.getTime() !== row.fireAt.getTime()) continue;
      const { intents, next } = evaluateRow(row, occurrence, states.get(row.userId)!, occurrence.fireAt);
      if (!next || next.fireAt.getTime() <= until.getTime()) continue;
      if (intents.some((i) => (i.recipientId ?? row.userId) !== row.userId)) continue;
      const { spec, date, fireAt } = next;
      const after = { ...spec, id: row.id, userId: row.userId, occurrenceDate: date, fireAt };
      plans.push({ row, dueAt: occurrence.fireAt, intents, after });
    }
    if (plans.length === 0) return nothing;

    const devices = await new PushSubscriptionRepository(tx).listForUsers([
      ...new Set(plans.map((p) => p.row.userId)),
    ]);
    const leases: StagedLease[] = [];
    const fires: NewStagedFire[] = [];
    for (const group of byInstant(plans)) {
      const { lease, fired } = await stageInstant(o, tx, group, devices);
      leases.push(lease);
      fires.push(...fired);
    }
    await reminders.moveRows(plans.map((p) => p.after));
    await new StagedFireRepository(tx).insertMany(fires);
    return { staged: new Set(plans.map((p) => p.row.id)), skipped, leases };
  });
}

/** The writes of one instant's rows, under one lease. */
async function stageInstant(
  o: ReminderEngineOptions,
  tx: ReminderEngineOptions['db'],
  plans: Plan[],
  devices: PushSubscriptionRow[],
): Promise<{ lease: StagedLease; fired: NewStagedFire[] }> {
  const dueAt = plans[0]!.dueAt;
  const leaseId = randomUUID();
  const intents = plans.flatMap((p) =>
    p.intents.map((intent) => ({ userId: p.row.userId, intent, id: randomUUID(), createdAt: dueAt })),
  );
  const { toStore, byId } = await storeFresh(tx, intents, dueAt);
  const users = new Set(plans.map((p) => p.row.userId));
  const ownDevices = devices.filter((d) => users.has(d.userId));
  const leased = await new PushOutboxRepository(tx).insert(
    outboxRows(o, toStore, byId, ownDevices, dueAt),
    leaseId,
    new Date(dueAt.getTime() + o.pushLeaseMs),
  );

  const fired = new Map<string, NewStagedFire>();
  for (const p of plans) {
    const userId = p.row.userId;
    const fire = fired.get(userId) ?? { leaseId, userId, dueAt, notificationIds: [], keys: [], moves: [] };
    fire.moves.push({ before: p.row, after: p.after });
    fired.set(userId, fire);
  }
  for (const i of toStore) {
    // Only the keys this transaction recorded: a cancel must not forget an earlier delivery.
    fired.get(i.userId)!.keys.push(i.intent.key, ...(i.intent.mergedKeys ?? []));
    fired.get(i.userId)!.notificationIds.push(i.id);
  }
  return {
    lease: {
      leaseId,
      dueAt,
      rowsOf: new Map([...fired].map(([userId, fire]) => [userId, fire.moves.length])),
      leased,
      bodies: new Map(),
      devices: ownDevices,
      notifications: toStore.map((i) => ({ userId: i.userId, notification: byId.get(i.id)! })),
    },
    fired: [...fired.values()],
  };
}

/** Plans grouped by their instant, in order. */
function byInstant(plans: Plan[]): Plan[][] {
  const groups = new Map<number, Plan[]>();
  for (const p of plans) {
    const at = p.dueAt.getTime();
    const group = groups.get(at);
    if (group) group.push(p);
    else groups.set(at, [p]);
  }
  return [...groups.entries()].sort(([a], [b]) => a - b).map(([, group]) => group);
}

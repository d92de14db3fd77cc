import { and, eq, inArray, sql } from 'drizzle-orm';
import { randomUUID } from 'node:crypto';
import { type Database, rowsOf } from '../../db/database';
import { pushOutbox } from '../../db/schema';
import { inIds } from '../../db/sql-helpers';

export interface NewOutboxRow {
  userId: string;
  subscriptionId: string;
  payload: unknown;
  topic: string;
}

export interface LeasedPush {
  id: string;
  userId: string;
  subscriptionId: string;
  payload: unknown;
  topic: string;
  attempts: number;
}

const leasedColumns = {
  id: pushOutbox.id,
  userId: pushOutbox.userId,
  subscriptionId: pushOutbox.subscriptionId,
  payload: pushOutbox.payload,
  topic: pushOutbox.topic,
  attempts: pushOutbox.attempts,
};

/**
 * The push outbox: every push waits here, under a lease (`lease_id`, `available_at`), until a worker
 * has sent it. Bulk statements throughout: one round trip per batch, not per push.
 */
export class PushOutboxRepository {
  constructor(private readonly db: Database) {}

  /** Stores pushes under a lease; returns them as `readLease` would (ids are made here). */
  async insert(
    rows: NewOutboxRow[],
    leaseId: string,
    availableAt: Date,
  ): Promise<(LeasedPush & { availableAt: Date })[]> {
    if (rows.length === 0) return [];
    const leased = rows.map((r) => ({ ...r, id: randomUUID(), attempts: 0, availableAt }));
    const json = JSON.stringify(
      leased.map((r) => ({
        id: r.id,
        user_id: r.userId,
        subscription_id: r.subscriptionId,
        payload: r.payload,
        topic: r.topic,
      })),
    );
    await this.db
      .execute(sql`insert into ${pushOutbox} (id, user_id, subscription_id, payload, topic, lease_id, available_at)
      select x.id, x.user_id, x.subscription_id, x.payload, x.topic, ${leaseId}::uuid, ${availableAt.toISOString()}::timestamptz
      from json_to_recordset(${json}::json) as x(id uuid, user_id uuid, subscription_id uuid, payload json, topic text)`);
    return leased;
  }

  /** A lease's pending pushes as they are, with when the lease runs out. */
  async readLease(leaseId: string): Promise<(LeasedPush & { availableAt: Date })[]> {
    return this.db
      .select({ ...leasedColumns, availableAt: pushOutbox.availableAt })
      .from(pushOutbox)
      .where(and(eq(pushOutbox.leaseId, leaseId), eq(pushOutbox.status, 'pending')));
  }

  /** Takes a lease's pending pushes (extending it while they are sent). */
  async takeLease(leaseId: string, until: Date): Promise<LeasedPush[]> {
    return this.db
      .update(pushOutbox)
      .set({ availableAt: until })
      .where(and(eq(pushOutbox.leaseId, leaseId), eq(pushOutbox.status, 'pending')))
      .returning(leasedColumns);
  }

  /** Keeps a lease while its batch is still being sent. */
  async extendLease(leaseId: string, until: Date): Promise<void> {
    await this.db
      .update(pushOutbox)
      .set({ availableAt: until })
      .where(and(eq(pushOutbox.leaseId, leaseId), eq(pushOutbox.status, 'pending')));
  }

  /** Gives pushes whose lease ran out (a crash, a lost job, a due retry) a new lease. */
  async releaseStale(now: Date, leaseId: string, until: Date, limit: number): Promise<number> {
    const result = await this.db
      .execute(sql`update ${pushOutbox} set lease_id = ${leaseId}::uuid, available_at = ${until.toISOString()}::timestamptz
      where id in (select id from ${pushOutbox} where status = 'pending' and available_at <= ${now.toISOString()}::timestamptz
                   order by available_at limit ${limit} for update skip locked)
      returning id`);
    return rowsOf(result).length;
  }

  /**
   * Hands leases back (a process shutting down with their jobs still unstarted in its memory): their
   * pending pushes become due at once, so the next sweep of any worker re-leases them.
   */
  async releaseLeases(leaseIds: string[], now: Date): Promise<void> {
    if (leaseIds.length === 0) return;
    await this.db
      .update(pushOutbox)
      .set({ availableAt: now })
      .where(and(inArray(pushOutbox.leaseId, leaseIds), eq(pushOutbox.status, 'pending')));
  }

  /** Pushes not yet sent (the outbox size metric). */
  async countPending(): Promise<number> {
    const [row] = await this.db
      .select({ n: sql<number>`count(*)::int` })
      .from(pushOutbox)
      .where(eq(pushOutbox.status, 'pending'));
    return Number(row?.n ?? 0);
  }

  async delete(ids: string[]): Promise<void> {
    if (ids.length === 0) return;
    await this.db.delete(pushOutbox).where(inIds(pushOutbox.id, ids));
  }

  /**
   * Leases whose every push was dealt with: what is still pending under them goes, in index ranges
   * (a descent per id cost PGlite 3-4x more for the same rows). `sent` is the fallback for rows the
   * sweep moved to another lease meanwhile (this process stalled past its lease): each sent push the
   * ranges did not reach is deleted by id, so it is not sent a second time. Judged per id, not by
   * count: the ranges also take rows that were never sent (a device gone, a device not found), and
   * those would hide as many moved ones from a count.
   */
  async deleteLeases(leaseIds: string[], sent: string[]): Promise<void> {
    if (leaseIds.length === 0) return;
    const gone = new Set(
      rowsOf<{ id: string }>(
        await this.db.execute(sql`delete from ${pushOutbox}
          where ${inIds(pushOutbox.leaseId, leaseIds)} and ${pushOutbox.status} = 'pending' returning id`),
      ).map((row) => row.id),
    );
    await this.delete(sent.filter((id) => !gone.has(id)));
  }

  async retry(id: string, values: { attempts: number; availableAt: Date; failed: boolean; error: string }) {
    await this.db
      .update(pushOutbox)
      .set({
        attempts: values.attempts,
        availableAt: values.availableAt,
        leaseId: null,
        status: values.failed ? 'failed' : 'pending',
        lastError: values.error.slice(0, 500),
      })
      .where(eq(pushOutbox.id, id));
  }
}

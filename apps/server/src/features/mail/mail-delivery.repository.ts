import { and, eq, inArray, sql } from 'drizzle-orm';
import { type Database, rowsOf } from '../../db/database';
import { mailOutbox } from '../../db/schema';
import type { MailEnvelope, MailKind } from './mail.port';

/** A message taken from the outbox under a lease, with the attempt this is (1 for the first). */
export interface LeasedMail extends MailEnvelope {
  attempts: number;
}

interface LeasedRow {
  id: string;
  kind: string;
  to_address: string;
  subject: string;
  text_body: string | null;
  html_body: string | null;
  attempts: number;
  created_at: Date | string;
}

/** What the operator sees of the outbox (metrics). */
export interface MailOutboxStats {
  pending: number;
  /** Age in seconds of the oldest message not yet sent, 0 when none waits. */
  oldestPendingSeconds: number;
  /** Messages given up on, by kind. */
  failed: Record<string, number>;
}

/**
 * The outbox's delivery side. A lease is `lease_id` plus `available_at` moved to the lease's end,
 * so one index (pending, by available_at) finds both new mail and mail whose lease ran out (its
 * worker was killed). Rows are claimed FOR UPDATE SKIP LOCKED: two workers never take one message.
 * Every later write names the lease, so a worker that lost its lease changes nothing.
 */
export class MailDeliveryRepository {
  constructor(private readonly db: Database) {}

  /** Takes up to `limit` messages due at `now` under `leaseId` until `until`, counting the attempt. */
  async lease(now: Date, leaseId: string, until: Date, limit: number): Promise<LeasedMail[]> {
    const result = await this.db.execute(sql`update ${mailOutbox}
      set lease_id = ${leaseId}::uuid, lease_until = ${until.toISOString()}::timestamptz,
          available_at = ${until.toISOString()}::timestamptz, attempts = attempts + 1
      where id in (select id from ${mailOutbox}
                   where status = 'pending' and available_at <= ${now.toISOString()}::timestamptz
                   order by available_at limit ${limit} for update skip locked)
      returning id, kind, to_address, subject, text_body, html_body, attempts, created_at`);
    return rowsOf<LeasedRow>(result)
      .map((row) => ({
        id: row.id,
        kind: row.kind as MailKind,
        to: row.to_address,
        subject: row.subject,
        text: row.text_body ?? '',
        html: row.html_body ?? '',
        attempts: Number(row.attempts),
        createdAt: new Date(row.created_at),
      }))
      .sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime());
  }

  private held(id: string, leaseId: string) {
    return and(eq(mailOutbox.id, id), eq(mailOutbox.leaseId, leaseId), eq(mailOutbox.status, 'pending'));
  }

  /** Sent: the bodies (links, tokens) are erased; the row stays for the counts. */
  async markSent(id: string, leaseId: string, now: Date): Promise<boolean> {
    const done = await this.db
      .update(mailOutbox)
      .set({ status: 'sent', sentAt: now, textBody: null, htmlBody: null, leaseId: null, leaseUntil: null })
      .where(this.held(id, leaseId))
      .returning({ id: mailOutbox.id });
    return done.length > 0;
  }

  /** Given up (a permanent refusal, or too many attempts): recorded, bodies erased. */
  async markFailed(id: string, leaseId: string, error: string): Promise<boolean> {
    const done = await this.db
      .update(mailOutbox)
      .set({
        status: 'failed',
        lastError: error.slice(0, 500),
        textBody: null,
        htmlBody: null,
        leaseId: null,
        leaseUntil: null,
      })
      .where(this.held(id, leaseId))
      .returning({ id: mailOutbox.id });
    return done.length > 0;
  }

  /** A temporary failure: tried again at `at`. */
  async retryAt(id: string, leaseId: string, at: Date, error: string): Promise<void> {
    await this.db
      .update(mailOutbox)
      .set({ availableAt: at, lastError: error.slice(0, 500), leaseId: null, leaseUntil: null })
      .where(this.held(id, leaseId));
  }

  /**
   * Hands back messages of a lease that were not tried (the mail system was unreachable, or the
   * process is stopping): their attempt is not counted, they are due again at `at`.
   */
  async release(ids: string[], leaseId: string, at: Date): Promise<void> {
    if (ids.length === 0) return;
    await this.db
      .update(mailOutbox)
      .set({
        availableAt: at,
        attempts: sql`greatest(${mailOutbox.attempts} - 1, 0)`,
        leaseId: null,
        leaseUntil: null,
      })
      .where(
        and(inArray(mailOutbox.id, ids), eq(mailOutbox.leaseId, leaseId), eq(mailOutbox.status, 'pending')),
      );
  }

  async stats(now: Date): Promise<MailOutboxStats> {
    const [pending] = await this.db
      .select({
        n: sql<number>`count(*)::int`,
        oldest: sql<Date | string | null>`min(${mailOutbox.createdAt})`,
      })
      .from(mailOutbox)
      .where(eq(mailOutbox.status, 'pending'));
    const failed = await this.db
      .select({ kind: mailOutbox.kind, n: sql<number>`count(*)::int` })
      .from(mailOutbox)
      .where(eq(mailOutbox.status, 'failed'))
      .groupBy(mailOutbox.kind);
    const oldest = pending?.oldest ? new Date(pending.oldest).getTime() : now.getTime();
    return {
      pending: Number(pending?.n ?? 0),
      oldestPendingSeconds: Math.max(0, (now.getTime() - oldest) / 1000),
      failed: Object.fromEntries(failed.map((row) => [row.kind, Number(row.n)])),
    };
  }

  /**
   * When the oldest message not yet sent was queued; null when none waits. One read of the pending
   * rows (few, and found through the pending-only index), for the health answer (decision 221).
   */
  async oldestPendingSince(): Promise<Date | null> {
    const [row] = await this.db
      .select({ oldest: sql<Date | string | null>`min(${mailOutbox.createdAt})` })
      .from(mailOutbox)
      .where(eq(mailOutbox.status, 'pending'));
    return row?.oldest ? new Date(row.oldest) : null;
  }
}

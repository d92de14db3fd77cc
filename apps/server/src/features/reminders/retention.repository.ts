import { ACTIVITY_RETENTION_DAYS } from '@medrem/contract';
import { type SQL, sql } from 'drizzle-orm';
import { type Database, rowsOf } from '../../db/database';

/**
 * Arbitrary constant: one pruner at a time across every worker sharing the database (decision
 * 276). Taken per batch with pg_try_advisory_xact_lock, so no session holds it between batches.
 */
const RETENTION_LOCK_ID = 7_262_577;

/** A kind of record that grows with use, and the rows of it that are past their use at `now`. */
export interface PrunedRecord {
  /** For logs and tests: the table's name. */
  name: string;
  /** The rows to delete, as a statement selecting their ctid, at most `limit` of them. */
  doomed(now: Date, limit: number): SQL;
}

/** Outcome of one batch: `locked` false when another worker holds the pruner's lock. */
export interface PruneBatch {
  locked: boolean;
  deleted: number;
}

/**
 * The statements of retention (decision 276): each batch is one transaction that takes the
 * pruner's lock and deletes at most `limit` rows, found by ctid so the delete itself is a TID scan.
 * Nothing else is locked but the deleted rows, which nothing else writes any more.
 */
export class RetentionRepository {
  constructor(private readonly db: Database) {}

  async deleteBatch(record: PrunedRecord, now: Date, limit: number): Promise<PruneBatch> {
    return this.db.transaction(async (tx) => {
      const [lock] = rowsOf<{ locked: boolean }>(
        await tx.execute(sql`select pg_try_advisory_xact_lock(${RETENTION_LOCK_ID}) as locked`),
      );
      if (!lock?.locked) return { locked: false, deleted: 0 };
      const table = sql.identifier(record.name);
      const [gone] = rowsOf<{ n: number }>(
        await tx.execute(sql`with gone as (
          delete from ${table} where ctid = any(array(${record.doomed(now, limit)})) returning 1)
          select count(*)::int as n from gone`),
      );
      return { locked: true, deleted: gone?.n ?? 0 };
    });
  }
}

const DAY_MS = 86_400_000;
const before = (now: Date, ms: number) => sql`${new Date(now.getTime() - ms).toISOString()}::timestamptz`;

/**
 * What grows without bound and when it is past its use. Kept: the delivery status per device (its
 * own table, one row per device), pending pushes and mail, live sessions and links.
 * `notificationMs` 0 keeps notifications (NOTIFICATION_RETENTION_DAYS=0).
 */
export function prunedRecords(notificationMs: number): PrunedRecord[] {
  const records: PrunedRecord[] = [
    {
      // Dedupe keys: a reminder is never fired for an occurrence more than a week old.
      name: 'reminder_deliveries',
      doomed: (now, limit) => sql`select ctid from reminder_deliveries
        where created_at <= ${before(now, 8 * DAY_MS)} order by created_at limit ${limit}`,
    },
    {
      // Pushes given up on hold a payload (medicine names, action tokens): a day to be looked at.
      name: 'push_outbox',
      doomed: (now, limit) => sql`select ctid from push_outbox
        where status = 'failed' and created_at < ${before(now, DAY_MS)} limit ${limit}`,
    },
    {
      // Sent and failed mail (bodies already erased) counted for 30 days (decision 200).
      name: 'mail_outbox',
      doomed: (now, limit) => sql`select ctid from mail_outbox
        where status <> 'pending' and created_at < ${before(now, 30 * DAY_MS)} limit ${limit}`,
    },
    {
      // Idempotency keys answer replays for 30 days (decision 071); a user who stopped writing
      // never prunes their own.
      name: 'idempotent_writes',
      doomed: (now, limit) => sql`select ctid from idempotent_writes
        where created_at < ${before(now, 30 * DAY_MS)} limit ${limit}`,
    },
    {
      // Mailed links a day past their expiry: refused as expired until then, unknown after.
      name: 'account_tokens',
      doomed: (now, limit) => sql`select ctid from account_tokens
        where expires_at < ${before(now, DAY_MS)} limit ${limit}`,
    },
    {
      // The account's activity record: 180 days (decision 294), oldest first by its own index.
      name: 'account_activity',
      doomed: (now, limit) => sql`select ctid from account_activity
        where at < ${before(now, ACTIVITY_RETENTION_DAYS * DAY_MS)} order by at limit ${limit}`,
    },
    {
      // A device unused as long as the record is kept counts as new again (decision 295).
      name: 'known_devices',
      doomed: (now, limit) => sql`select ctid from known_devices
        where last_seen_at < ${before(now, ACTIVITY_RETENTION_DAYS * DAY_MS)} limit ${limit}`,
    },
    {
      name: 'sessions',
      doomed: (now, limit) =>
        sql`select ctid from sessions where expires_at < ${before(now, 0)} limit ${limit}`,
    },
  ];
  if (notificationMs > 0) {
    records.unshift({
      // Oldest first through notifications_created_idx (migration 0019).
      name: 'notifications',
      doomed: (now, limit) => sql`select ctid from notifications
        where created_at < ${before(now, notificationMs)} order by created_at limit ${limit}`,
    });
  }
  return records;
}

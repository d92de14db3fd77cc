import { type SQL, sql } from 'drizzle-orm';
import { type Database, rowsOf } from '../../db/database';
import { doseRecords } from '../../db/schema';
import { sqlStateOf } from '../../db/sql-helpers';
import type { StatementFollowUp } from '../../db/statement-follow-up';
import type { MergedDay } from './dose-ticks';

/** How a day written without a lock went. */
export type DayWriteOutcome =
  /** Written, with every follow-up. */
  | 'written'
  /** Not written: the day's row is no longer the version read (or its medicine is gone). Read again. */
  | 'moved'
  /** Not written: a follow-up's unique key was taken meanwhile (an idempotency key used since). */
  | 'refused';

const WRITTEN = sql.raw('exists (select 1 from written)');

/**
 * Decision 136: a day's flags written in one statement, without a transaction. The write applies
 * only if the day's row is still the version it was read at (`xmin`, which every write of the row
 * changes: no change in between can go unnoticed, even one that restored the same flags), or, for a
 * day read without a row, only if nobody created it since. Its follow-ups (the refill check, the
 * idempotency key's answer) are common table expressions of the same statement, run only when the
 * day was written. A dose write was six to ten statements in a transaction holding the day's row
 * lock between round trips; this is one statement after the read.
 */
export class DayWriteRepository {
  constructor(private readonly db: Database) {}

  async writeIfUnchanged(
    write: {
      medicineId: string;
      date: string;
      /** The version the day was read at; null: there was no row. */
      version: string | null;
      day: MergedDay;
      now: Date;
    },
    followUps: readonly StatementFollowUp[] = [],
  ): Promise<DayWriteOutcome> {
    const { medicineId, date, day } = write;
    const stamps = JSON.stringify(day.tickedAt);
    const instants = JSON.stringify(day.takenAt);
    const now = write.now.toISOString();
    const change: SQL =
      write.version === null
        ? sql`insert into ${doseRecords} (medicine_id, date, taken, taken_count, slot_ticked_at, slot_taken_at, updated_at)
            values (${medicineId}::uuid, ${date}::date, ${day.taken}, ${day.takenCount}, ${stamps}::jsonb, ${instants}::jsonb, ${now}::timestamptz)
            on conflict (medicine_id, date) do nothing
            returning 1`
        : sql`update ${doseRecords}
            set taken = ${day.taken}, taken_count = ${day.takenCount}, slot_ticked_at = ${stamps}::jsonb,
              slot_taken_at = ${instants}::jsonb, updated_at = ${now}::timestamptz
            where medicine_id = ${medicineId}::uuid and date = ${date}::date and xmin = ${write.version}::xid
            returning 1`;
    const statements = followUps.flatMap((followUp) => followUp(WRITTEN));
    const expressions = [
      sql`written as (${change})`,
      ...statements.map((statement, i) => sql`${sql.raw(`follow_up_${i}`)} as (${statement})`),
    ];
    try {
      const rows = rowsOf<{ written: number }>(
        await this.db.execute(
          sql`with ${sql.join(expressions, sql`, `)} select count(*)::int as written from written`,
        ),
      );
      return rows[0]?.written === 1 ? 'written' : 'moved';
    } catch (error) {
      const state = sqlStateOf(error);
      // A unique key of a follow-up: the statement, day included, was undone.
      if (state === '23505') return 'refused';
      // The medicine was deleted after the read: reading again answers that it is gone.
      if (state === '23503') return 'moved';
      // Chosen as a deadlock's victim (two ticks of one day, each holding the row the other's refill
      // check or day write wants: seen once in ~40,000 ticks under bench:api), or a serialization
      // failure: the statement was undone whole, and reading again and retrying is the answer, not
      // a 500.
      if (state === '40P01' || state === '40001') return 'moved';
      throw error;
    }
  }
}

import { and, eq, lt, sql } from 'drizzle-orm';
import type { Database } from '../../db/database';
import type { StatementFollowUp } from '../../db/statement-follow-up';
import { idempotentWrites } from '../../db/schema';

/** Keys are kept this long; the client's queue never holds a write for longer (docs/offline.md). */
export const IDEMPOTENCY_RETENTION_DAYS = 30;
const DAY_MS = 86_400_000;

function retentionStart(now: Date): Date {
  return new Date(now.getTime() - IDEMPOTENCY_RETENTION_DAYS * DAY_MS);
}

export interface WriteClaim {
  userId: string;
  key: string;
  operation: string;
  requestHash: string;
  now: Date;
}

/** A key already used: by which call, from what input, and the answer it gave. */
export type StoredWrite = { replayed: true; operation: string; requestHash: string; response: unknown };

export type WriteOutcome<T> = { replayed: false; response: T } | StoredWrite;

function replayOf(stored: typeof idempotentWrites.$inferSelect): StoredWrite {
  return {
    replayed: true,
    operation: stored.operation,
    requestHash: stored.requestHash,
    response: stored.response,
  };
}

export class IdempotentWriteRepository {
  constructor(private readonly db: Database) {}

  /** The stored outcome of a key, if it was used. */
  async find(userId: string, key: string): Promise<StoredWrite | undefined> {
    const [stored] = await this.db
      .select()
      .from(idempotentWrites)
      .where(and(eq(idempotentWrites.userId, userId), eq(idempotentWrites.key, key)));
    return stored && replayOf(stored);
  }

  /**
   * Runs `work` in one transaction with the key's row: the key is claimed first (a concurrent
   * duplicate waits on it), the work runs, its answer is stored. A key already claimed returns the
   * stored answer and runs nothing. A failing work rolls the claim back, so it can be retried.
   */
  async run<T>(claim: WriteClaim | undefined, work: (tx: Database) => Promise<T>): Promise<WriteOutcome<T>> {
    if (!claim) return { replayed: false, response: await this.db.transaction(work) };
    return this.db.transaction(async (tx): Promise<WriteOutcome<T>> => {
      const claimed = await tx
        .insert(idempotentWrites)
        .values({
          userId: claim.userId,
          key: claim.key,
          operation: claim.operation,
          requestHash: claim.requestHash,
          createdAt: claim.now,
        })
        .onConflictDoNothing()
        .returning({ key: idempotentWrites.key });
      if (claimed.length === 0) {
        const [stored] = await tx
          .select()
          .from(idempotentWrites)
          .where(and(eq(idempotentWrites.userId, claim.userId), eq(idempotentWrites.key, claim.key)));
        if (!stored) throw new Error('idempotency key vanished while claimed');
        return replayOf(stored);
      }
      const response = await work(tx);
      await tx
        .update(idempotentWrites)
        .set({ response: response ?? null })
        .where(and(eq(idempotentWrites.userId, claim.userId), eq(idempotentWrites.key, claim.key)));
      // Old keys of this user go as new ones come (indexed by user and time: a small delete).
      await tx
        .delete(idempotentWrites)
        .where(
          and(
            eq(idempotentWrites.userId, claim.userId),
            lt(idempotentWrites.createdAt, retentionStart(claim.now)),
          ),
        );
      return { replayed: false, response };
    });
  }

  /**
   * The key claimed with its answer as part of a write made in one statement (decision 136): stored
   * only if the write happened, with the user's expired keys removed as `run` does. The claim is a
   * plain insert: a key taken meanwhile fails the whole statement (unique violation), so the write
   * it stands for is undone with it and the caller can answer from the stored key instead.
   */
  claimWith(claim: WriteClaim, response: unknown): StatementFollowUp {
    const user = sql`${claim.userId}::uuid`;
    return (written) => [
      sql`insert into ${idempotentWrites} (user_id, key, operation, request_hash, response, created_at)
        select ${user}, ${claim.key}, ${claim.operation}, ${claim.requestHash},
          ${JSON.stringify(response ?? null)}::jsonb, ${claim.now.toISOString()}::timestamptz
        where ${written}`,
      sql`delete from ${idempotentWrites}
        where ${written} and user_id = ${user}
          and created_at < ${retentionStart(claim.now).toISOString()}::timestamptz`,
    ];
  }
}

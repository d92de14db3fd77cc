import { and, desc, eq, lt, or } from 'drizzle-orm';
import type { Database } from '../../db/database';
import { accountActivity } from '../../db/schema';

export type ActivityRow = typeof accountActivity.$inferSelect;
export type NewActivityRow = Omit<typeof accountActivity.$inferInsert, 'id'>;

/**
 * The activity record's statements: insert and read, nothing that changes a row (the table's
 * trigger refuses UPDATE; retention.repository.ts prunes). Every read is by the owner's id.
 */
export class ActivityRepository {
  constructor(private readonly db: Database) {}

  async insert(rows: NewActivityRow[]): Promise<void> {
    if (rows.length > 0) await this.db.insert(accountActivity).values(rows);
  }

  /** Newest first, after `before` (the last entry of the previous page), at most `limit`. */
  async page(
    userId: string,
    before: { at: Date; id: string } | undefined,
    limit: number,
  ): Promise<ActivityRow[]> {
    const older = before
      ? or(
          lt(accountActivity.at, before.at),
          and(eq(accountActivity.at, before.at), lt(accountActivity.id, before.id)),
        )
      : undefined;
    return this.db
      .select()
      .from(accountActivity)
      .where(and(eq(accountActivity.userId, userId), older))
      .orderBy(desc(accountActivity.at), desc(accountActivity.id))
      .limit(limit);
  }

  /** Every entry of the account, for its data export. */
  async allForUser(userId: string): Promise<ActivityRow[]> {
    return this.db
      .select()
      .from(accountActivity)
      .where(eq(accountActivity.userId, userId))
      .orderBy(desc(accountActivity.at), desc(accountActivity.id));
  }
}

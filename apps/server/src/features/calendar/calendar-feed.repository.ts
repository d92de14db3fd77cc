import { and, eq, isNull } from 'drizzle-orm';
import type { Database } from '../../db/database';
import { calendarFeeds, users } from '../../db/schema';

export type CalendarFeedRow = typeof calendarFeeds.$inferSelect;

/** The one feed a user may have, by owner or by the hash of its token. */
export class CalendarFeedRepository {
  constructor(private readonly db: Database) {}

  async findForUser(userId: string): Promise<CalendarFeedRow | undefined> {
    const [row] = await this.db.select().from(calendarFeeds).where(eq(calendarFeeds.userId, userId)).limit(1);
    return row;
  }

  /**
   * The feed of a link, while its owner's account is enabled: a disabled account's calendar is not
   * served (decision 281: disabling ends every way to its data, a feed link among them).
   */
  async findByTokenHash(tokenHash: string): Promise<CalendarFeedRow | undefined> {
    const [row] = await this.db
      .select({ feed: calendarFeeds })
      .from(calendarFeeds)
      .innerJoin(users, eq(users.id, calendarFeeds.userId))
      .where(and(eq(calendarFeeds.tokenHash, tokenHash), isNull(users.disabledAt)))
      .limit(1);
    return row?.feed;
  }

  /** Puts a new token in place of the user's old one in one statement: the old one stops at once. */
  async replace(userId: string, tokenHash: string, now: Date): Promise<CalendarFeedRow> {
    const [row] = await this.db
      .insert(calendarFeeds)
      .values({ userId, tokenHash, createdAt: now })
      .onConflictDoUpdate({ target: calendarFeeds.userId, set: { tokenHash, createdAt: now } })
      .returning();
    if (!row) throw new Error('calendar feed upsert returned no row');
    return row;
  }

  async delete(userId: string): Promise<void> {
    await this.db.delete(calendarFeeds).where(eq(calendarFeeds.userId, userId));
  }
}

import { eq } from 'drizzle-orm';
import type { Database } from '../../db/database';
import { calendarFeeds } from '../../db/schema';

export type CalendarFeedRow = typeof calendarFeeds.$inferSelect;

/** The one feed a user may have, by owner or by the hash of its token. */
export class CalendarFeedRepository {
  constructor(private readonly db: Database) {}

  async findForUser(userId: string): Promise<CalendarFeedRow | undefined> {
    const [row] = await this.db.select().from(calendarFeeds).where(eq(calendarFeeds.userId, userId)).limit(1);
    return row;
  }

  async findByTokenHash(tokenHash: string): Promise<CalendarFeedRow | undefined> {
    const [row] = await this.db
      .select()
      .from(calendarFeeds)
      .where(eq(calendarFeeds.tokenHash, tokenHash))
      .limit(1);
    return row;
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

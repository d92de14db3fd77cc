import { and, desc, eq, lt, lte, sql } from 'drizzle-orm';
import type { Database } from '../db/database';
import { notifications } from '../db/schema';

export type NotificationRow = typeof notifications.$inferSelect;

export class NotificationRepository {
  constructor(private readonly db: Database) {}

  async listForUser(userId: string, limit: number, before?: Date): Promise<NotificationRow[]> {
    return this.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, userId), before ? lt(notifications.createdAt, before) : undefined))
      .orderBy(desc(notifications.createdAt), desc(notifications.id))
      .limit(limit);
  }

  async countUnread(userId: string): Promise<number> {
    const [row] = await this.db
      .select({ n: sql<number>`count(*)::int` })
      .from(notifications)
      .where(and(eq(notifications.userId, userId), eq(notifications.isRead, false)));
    return row?.n ?? 0;
  }

  async insert(values: typeof notifications.$inferInsert): Promise<NotificationRow> {
    const [row] = await this.db.insert(notifications).values(values).returning();
    if (!row) throw new Error('notification insert returned nothing');
    return row;
  }

  async markReadOwned(id: string, userId: string): Promise<NotificationRow | undefined> {
    const [row] = await this.db
      .update(notifications)
      .set({ isRead: true })
      .where(and(eq(notifications.id, id), eq(notifications.userId, userId)))
      .returning();
    return row;
  }

  /** The same calls inside a caller's transaction (an idempotent write stores its key with them). */
  in(tx: Database): NotificationRepository {
    return new NotificationRepository(tx);
  }

  async markAllRead(userId: string, upTo?: Date): Promise<number> {
    const rows = await this.db
      .update(notifications)
      .set({ isRead: true })
      .where(
        and(
          eq(notifications.userId, userId),
          eq(notifications.isRead, false),
          upTo ? lte(notifications.createdAt, upTo) : undefined,
        ),
      )
      .returning({ id: notifications.id });
    return rows.length;
  }

  async deleteOwned(id: string, userId: string): Promise<boolean> {
    const rows = await this.db
      .delete(notifications)
      .where(and(eq(notifications.id, id), eq(notifications.userId, userId)))
      .returning({ id: notifications.id });
    return rows.length === 1;
  }
}

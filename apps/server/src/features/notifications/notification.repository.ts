import { and, desc, eq, lte, sql } from 'drizzle-orm';
import type { Database } from '../../db/database';
import { notifications } from '../../db/schema';

export type NotificationRow = typeof notifications.$inferSelect;

export class NotificationRepository {
  constructor(private readonly db: Database) {}

  /**
   * A page of the user's notifications and how many of all theirs are unread, in one round trip
   * (the count rides on each row; an empty page asks for it on its own). Every read and bulk write
   * here sees only what was created by `now`: a reminder stored ahead of its instant (decision 017)
   * is not there until then.
   */
  async pageWithUnreadCount(
    userId: string,
    limit: number,
    now: Date,
    before?: Date,
  ): Promise<{ rows: NotificationRow[]; unreadCount: number }> {
    const rows = await this.hot.page.execute({
      userId,
      limit,
      now: now.toISOString(),
      before: before && before < now ? before.toISOString() : 'infinity',
    });
    const first = rows[0];
    return {
      rows: rows.map((r) => r.row),
      unreadCount: first ? first.unread : await this.countUnread(userId, now),
    };
  }

  /**
   * Built once per repository (decision 132): the bell's page is the API's most frequent read, and
   * building its SQL per call cost 4x the query itself (bench:api, notifications list).
   */
  private statements: ReturnType<typeof prepareHotReads> | undefined;

  private get hot(): ReturnType<typeof prepareHotReads> {
    return (this.statements ??= prepareHotReads(this.db));
  }

  /** Every notification of the user, newest first (the data export: nothing left out). */
  async listAllForUser(userId: string, now: Date): Promise<NotificationRow[]> {
    return this.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, userId), lte(notifications.createdAt, now)))
      .orderBy(desc(notifications.createdAt), desc(notifications.id));
  }

  async countUnread(userId: string, now: Date): Promise<number> {
    const [row] = await this.db
      .select({ n: sql<number>`count(*)::int` })
      .from(notifications)
      .where(
        and(
          eq(notifications.userId, userId),
          eq(notifications.isRead, false),
          lte(notifications.createdAt, now),
        ),
      );
    return row?.n ?? 0;
  }

  async insert(values: typeof notifications.$inferInsert): Promise<NotificationRow> {
    const [row] = await this.db.insert(notifications).values(values).returning();
    if (!row) throw new Error('notification insert returned nothing');
    return row;
  }

  /** Stores many notifications in one statement (the reminder engine's batches carry their own ids). */
  async insertMany(rows: (typeof notifications.$inferInsert & { id: string })[]): Promise<void> {
    if (rows.length === 0) return;
    const json = JSON.stringify(
      rows.map((r) => ({
        id: r.id,
        user_id: r.userId,
        type: r.type,
        title: r.title,
        message: r.message,
        medicine_name: r.medicineName ?? null,
        link: r.link ?? null,
        created_at: (r.createdAt ?? new Date()).toISOString(),
      })),
    );
    await this.db
      .execute(sql`insert into ${notifications} (id, user_id, type, title, message, medicine_name, link, created_at)
      select * from json_to_recordset(${json}::json)
        as x(id uuid, user_id uuid, type text, title text, message text, medicine_name text, link text, created_at timestamptz)`);
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

  /** upTo: only the notifications created at or before it (a 'mark all' made offline); never after now. */
  async markAllRead(userId: string, now: Date, upTo?: Date): Promise<number> {
    const rows = await this.db
      .update(notifications)
      .set({ isRead: true })
      .where(
        and(
          eq(notifications.userId, userId),
          eq(notifications.isRead, false),
          lte(notifications.createdAt, upTo && upTo < now ? upTo : now),
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

/** The hot reads as prepared statements, named so PostgreSQL plans them once per connection. */
function prepareHotReads(db: Database) {
  const userId = sql.placeholder('userId');
  const now = sql`${sql.placeholder('now')}::timestamptz`;
  const unread = sql<number>`(select count(*)::int from ${notifications} u
    where u.user_id = ${userId} and u.is_read = false and u.created_at <= ${now})`;
  return {
    page: db
      .select({ row: notifications, unread })
      .from(notifications)
      .where(
        and(
          eq(notifications.userId, userId),
          sql`${notifications.createdAt} < ${sql.placeholder('before')}::timestamptz`,
          sql`${notifications.createdAt} <= ${now}`,
        ),
      )
      .orderBy(desc(notifications.createdAt), desc(notifications.id))
      .limit(sql.placeholder('limit'))
      .prepare('notifications_page_of_user'),
  };
}

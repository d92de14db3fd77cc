import { and, eq, gt, lt } from 'drizzle-orm';
import type { Database } from '../db/database';
import { sessions, users } from '../db/schema';
import type { UserRow } from './user.repository';

export class SessionRepository {
  constructor(private readonly db: Database) {}

  async insert(values: { tokenHash: string; userId: string; expiresAt: Date }): Promise<void> {
    await this.db.insert(sessions).values(values);
  }

  /** The user of a live session, or undefined when it is unknown or expired. */
  async findLiveUser(tokenHash: string, now: Date): Promise<UserRow | undefined> {
    const [row] = await this.db
      .select({ user: users })
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.userId))
      .where(and(eq(sessions.tokenHash, tokenHash), gt(sessions.expiresAt, now)))
      .limit(1);
    return row?.user;
  }

  async delete(tokenHash: string): Promise<void> {
    await this.db.delete(sessions).where(eq(sessions.tokenHash, tokenHash));
  }

  async deleteExpired(now: Date): Promise<number> {
    const removed = await this.db.delete(sessions).where(lt(sessions.expiresAt, now)).returning();
    return removed.length;
  }
}

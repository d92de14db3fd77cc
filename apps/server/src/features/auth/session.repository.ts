import { and, eq, gt, lt } from 'drizzle-orm';
import type { Database } from '../../db/database';
import { sessions, users } from '../../db/schema';
import type { UserRow } from '../users/user.repository';

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

  /** Drops a user's expired sessions (on sign-in: bounded by one user's rows, served by the index). */
  async deleteExpiredForUser(userId: string, now: Date): Promise<void> {
    await this.db.delete(sessions).where(and(eq(sessions.userId, userId), lt(sessions.expiresAt, now)));
  }
}

import { and, eq, gt, lt, ne, sql } from 'drizzle-orm';
import type { Database } from '../../db/database';
import { sessions, users } from '../../db/schema';
import type { UserRow } from '../users/user.repository';

export class SessionRepository {
  constructor(private readonly db: Database) {}

  async insert(values: {
    tokenHash: string;
    userId: string;
    createdAt: Date;
    expiresAt: Date;
  }): Promise<void> {
    await this.db.insert(sessions).values(values);
  }

  /** When a live session of this user began (a fresh sign-in, decision 198); undefined if none. */
  async startedAt(tokenHash: string, userId: string, now: Date): Promise<Date | undefined> {
    const [row] = await this.db
      .select({ createdAt: sessions.createdAt })
      .from(sessions)
      .where(and(eq(sessions.tokenHash, tokenHash), eq(sessions.userId, userId), gt(sessions.expiresAt, now)))
      .limit(1);
    return row?.createdAt;
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

  /** When the user's live sessions started and end (the data export; never their tokens). */
  async listLiveForUser(userId: string, now: Date): Promise<{ createdAt: Date; expiresAt: Date }[]> {
    return this.db
      .select({ createdAt: sessions.createdAt, expiresAt: sessions.expiresAt })
      .from(sessions)
      .where(and(eq(sessions.userId, userId), gt(sessions.expiresAt, now)))
      .orderBy(sessions.createdAt);
  }

  async delete(tokenHash: string): Promise<void> {
    await this.db.delete(sessions).where(eq(sessions.tokenHash, tokenHash));
  }

  /**
   * Ends every session of the user but `keepTokenHash` (the caller's own) and raises the account's
   * token version so every access token issued before stops working; with `passwordHash`, the new
   * password is set in the same transaction (no moment where the new password and an old session
   * coexist).
   */
  async revokeAllExcept(
    userId: string,
    keepTokenHash: string | undefined,
    passwordHash?: string,
  ): Promise<number> {
    return this.db.transaction(async (tx) => {
      await tx
        .update(users)
        .set({
          tokenVersion: sql`${users.tokenVersion} + 1`,
          ...(passwordHash === undefined ? {} : { passwordHash }),
        })
        .where(eq(users.id, userId));
      const others = keepTokenHash
        ? and(eq(sessions.userId, userId), ne(sessions.tokenHash, keepTokenHash))
        : eq(sessions.userId, userId);
      const ended = await tx.delete(sessions).where(others).returning({ tokenHash: sessions.tokenHash });
      return ended.length;
    });
  }

  /** Drops a user's expired sessions (on sign-in: bounded by one user's rows, served by the index). */
  async deleteExpiredForUser(userId: string, now: Date): Promise<void> {
    await this.db.delete(sessions).where(and(eq(sessions.userId, userId), lt(sessions.expiresAt, now)));
  }
}

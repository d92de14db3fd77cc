import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Database } from '../../../db/database';
import {
  accountTokens,
  calendarFeeds,
  careInvitations,
  careLinks,
  personalAccessTokens,
  pushSubscriptions,
  sessions,
  users,
} from '../../../db/schema';

/**
 * A provider vouches for an address that a password account registered without ever proving it
 * (decision 219: account pre-hijacking). Whoever registered it may not be the owner, so everything
 * that let them in, or let them read the account from elsewhere, goes: the password, every session
 * and access token (the token version), every personal access token, every unused mailed link, the devices that receive its
 * reminders, its calendar feed, its caregivers and its open invitations. The data stays.
 * Runs in the caller's transaction, the one that links the provider.
 */
export class UnverifiedAccountClaimRepository {
  constructor(private readonly db: Database) {}

  /**
   * Claims the account if it still uses `email` unverified (checked and changed in one statement,
   * so a verification or an email change at the same moment wins cleanly); false otherwise, and
   * nothing is changed.
   */
  async claim(userId: string, email: string, now: Date): Promise<boolean> {
    const [claimed] = await this.db
      .update(users)
      .set({ passwordHash: null, emailVerifiedAt: now, tokenVersion: sql`${users.tokenVersion} + 1` })
      .where(and(eq(users.id, userId), eq(users.email, email), isNull(users.emailVerifiedAt)))
      .returning({ id: users.id });
    if (!claimed) return false;
    await this.db.delete(sessions).where(eq(sessions.userId, userId));
    await this.db.delete(personalAccessTokens).where(eq(personalAccessTokens.userId, userId));
    await this.db
      .delete(accountTokens)
      .where(and(eq(accountTokens.userId, userId), isNull(accountTokens.usedAt)));
    // Its pushes still to send go with each device (the outbox cascades from it).
    await this.db.delete(pushSubscriptions).where(eq(pushSubscriptions.userId, userId));
    await this.db.delete(calendarFeeds).where(eq(calendarFeeds.userId, userId));
    await this.db
      .delete(careInvitations)
      .where(and(eq(careInvitations.patientId, userId), isNull(careInvitations.acceptedAt)));
    await this.db.delete(careLinks).where(eq(careLinks.patientId, userId));
    return true;
  }
}

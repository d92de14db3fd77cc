import type { ResetLinkState } from '@medrem/contract';
import { and, eq, isNull } from 'drizzle-orm';
import type { Database } from '../../db/database';
import { accountTokens, users } from '../../db/schema';
import { accountTokenHash } from './account-token.repository';

/** The reads and writes of a password reset beside the shared single-use links. */
export class PasswordResetRepository {
  constructor(private readonly db: Database) {}

  /**
   * What a reset link is now, told apart so the screen can say "used" or "expired" to the person
   * holding it (who learns nothing about anyone else). A link replaced by a newer mail is gone from
   * the table and reads as invalid, as a forged one does.
   */
  async linkState(token: string, now: Date): Promise<ResetLinkState> {
    const [row] = await this.db
      .select({ usedAt: accountTokens.usedAt, expiresAt: accountTokens.expiresAt })
      .from(accountTokens)
      .where(
        and(
          eq(accountTokens.tokenHash, accountTokenHash(token)),
          eq(accountTokens.purpose, 'password-reset'),
        ),
      )
      .limit(1);
    if (!row) return 'invalid';
    if (row.usedAt) return 'used';
    return row.expiresAt.getTime() > now.getTime() ? 'usable' : 'expired';
  }

  /**
   * A reset proves its holder reads the mailbox of `email`: an unverified address becomes verified
   * (decision 205), only while it is still the account's address.
   */
  async markEmailVerified(userId: string, email: string, now: Date): Promise<void> {
    await this.db
      .update(users)
      .set({ emailVerifiedAt: now })
      .where(and(eq(users.id, userId), eq(users.email, email), isNull(users.emailVerifiedAt)));
  }
}

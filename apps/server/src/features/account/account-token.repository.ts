import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import { createHash, randomBytes } from 'node:crypto';
import type { Database } from '../../db/database';
import { accountTokens } from '../../db/schema';

/** What a mailed single-use link is for; each purpose's links are checked only for it. */
export type AccountTokenPurpose = 'password-reset' | 'email-verification' | 'email-change';

export interface UsedAccountToken {
  userId: string;
  /** The address the link was sent to (for an email change: the new address). */
  email: string;
}

/** base64url SHA-256 of a link's token: all that is stored. */
export const accountTokenHash = (token: string) => createHash('sha256').update(token).digest('base64url');

/** 32 random bytes: unguessable, and useless to whoever reads the table (only the hash is kept). */
const TOKEN_SHAPE = /^[A-Za-z0-9_-]{43}$/;

/**
 * Single-use links mailed to a person (issue 52). A new link of a purpose replaces the older unused
 * ones of that purpose (the last mail is the one that works), and using one marks it used in the
 * caller's transaction, so a link works once even when opened twice at the same moment.
 */
export class AccountTokenRepository {
  constructor(private readonly db: Database) {}

  /** Issues a link's token; earlier unused links of the same purpose stop working. */
  async issue(input: {
    userId: string;
    purpose: AccountTokenPurpose;
    email: string;
    now: Date;
    ttlMs: number;
  }): Promise<string> {
    const token = randomBytes(32).toString('base64url');
    await this.db
      .delete(accountTokens)
      .where(
        and(
          eq(accountTokens.userId, input.userId),
          eq(accountTokens.purpose, input.purpose),
          isNull(accountTokens.usedAt),
        ),
      );
    await this.db.insert(accountTokens).values({
      tokenHash: accountTokenHash(token),
      userId: input.userId,
      purpose: input.purpose,
      email: input.email,
      expiresAt: new Date(input.now.getTime() + input.ttlMs),
      createdAt: input.now,
    });
    return token;
  }

  /**
   * Marks the token used if it is this purpose's, unused and unexpired; returns whose it was.
   * Undefined for anything else: forged, cut, used, expired or of another purpose all look the same
   * to the caller, who says one clear thing about it.
   */
  async use(token: string, purpose: AccountTokenPurpose, now: Date): Promise<UsedAccountToken | undefined> {
    if (!TOKEN_SHAPE.test(token)) return undefined;
    const [row] = await this.db
      .update(accountTokens)
      .set({ usedAt: now })
      .where(
        and(
          eq(accountTokens.tokenHash, accountTokenHash(token)),
          eq(accountTokens.purpose, purpose),
          isNull(accountTokens.usedAt),
          gt(accountTokens.expiresAt, now),
        ),
      )
      .returning({ userId: accountTokens.userId, email: accountTokens.email });
    return row;
  }

  /** Whether a token would be accepted now, without using it (a screen asks before showing a form). */
  async isUsable(token: string, purpose: AccountTokenPurpose, now: Date): Promise<boolean> {
    if (!TOKEN_SHAPE.test(token)) return false;
    const [row] = await this.db
      .select({ one: sql<number>`1` })
      .from(accountTokens)
      .where(
        and(
          eq(accountTokens.tokenHash, accountTokenHash(token)),
          eq(accountTokens.purpose, purpose),
          isNull(accountTokens.usedAt),
          gt(accountTokens.expiresAt, now),
        ),
      )
      .limit(1);
    return row !== undefined;
  }

  /** Drops a user's unused links of a purpose (e.g. every reset link once the password changed). */
  async revoke(userId: string, purpose: AccountTokenPurpose): Promise<void> {
    await this.db
      .delete(accountTokens)
      .where(
        and(
          eq(accountTokens.userId, userId),
          eq(accountTokens.purpose, purpose),
          isNull(accountTokens.usedAt),
        ),
      );
  }
}

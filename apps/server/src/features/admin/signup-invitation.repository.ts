import { and, eq, gt, isNull } from 'drizzle-orm';
import { randomBytes } from 'node:crypto';
import type { Database } from '../../db/database';
import { signupInvitations } from '../../db/schema';
import { accountTokenHash } from '../account/account-token.repository';

/** 32 random bytes, base64url: what a real invitation token looks like. */
const TOKEN_SHAPE = /^[A-Za-z0-9_-]{43}$/;

/**
 * Invitations to register (decision 283): only the token's SHA-256 is stored; using one sets
 * `used_at` in the registration's transaction, so it works once even when two people try at once.
 */
export class SignupInvitationRepository {
  constructor(private readonly db: Database) {}

  /** A new invitation for `email`; the token is returned once, for the mail. */
  async issue(input: { email: string; invitedBy: string; now: Date; ttlMs: number }): Promise<string> {
    const token = randomBytes(32).toString('base64url');
    await this.db.insert(signupInvitations).values({
      tokenHash: accountTokenHash(token),
      email: input.email,
      invitedBy: input.invitedBy,
      createdAt: input.now,
      expiresAt: new Date(input.now.getTime() + input.ttlMs),
    });
    return token;
  }

  /** Uses the invitation of `token` for `email`; false when it is unknown, used, expired or another's. */
  async use(token: string, email: string, now: Date): Promise<boolean> {
    if (!TOKEN_SHAPE.test(token)) return false;
    const used = await this.db
      .update(signupInvitations)
      .set({ usedAt: now })
      .where(
        and(
          eq(signupInvitations.tokenHash, accountTokenHash(token)),
          eq(signupInvitations.email, email),
          isNull(signupInvitations.usedAt),
          gt(signupInvitations.expiresAt, now),
        ),
      )
      .returning({ tokenHash: signupInvitations.tokenHash });
    return used.length === 1;
  }

  /**
   * Uses one open invitation of `email` without its token: a sign-in provider proved the address
   * the invitation was mailed to (decision 283).
   */
  async useAnyFor(email: string, now: Date): Promise<boolean> {
    const [open] = await this.db
      .select({ tokenHash: signupInvitations.tokenHash })
      .from(signupInvitations)
      .where(
        and(
          eq(signupInvitations.email, email),
          isNull(signupInvitations.usedAt),
          gt(signupInvitations.expiresAt, now),
        ),
      )
      .limit(1);
    if (!open) return false;
    const used = await this.db
      .update(signupInvitations)
      .set({ usedAt: now })
      .where(and(eq(signupInvitations.tokenHash, open.tokenHash), isNull(signupInvitations.usedAt)))
      .returning({ tokenHash: signupInvitations.tokenHash });
    return used.length === 1;
  }
}

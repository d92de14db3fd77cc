import type { Database } from '../../db/database';
import { UserRepository } from '../users/user.repository';
import { AccountTokenRepository } from './account-token.repository';
import { RESET_LINK_TTL_MS, resetLink } from './password-reset-mail';

export interface OperatorResetLink {
  link: string;
  expiresAt: Date;
  /** false: the account signs in only with a provider; the link gives it a password. */
  hasPassword: boolean;
}

/**
 * `npm run reset-password -- EMAIL` (decision 207): a reset link for the operator to hand over,
 * issued as a mailed one is (single use, 30 minutes, older links replaced) but printed instead of
 * mailed. Run by the server that holds the embedded database (asked over its control socket), or
 * by the command itself on PostgreSQL or on an embedded database no server has open. Undefined
 * when no account has the address.
 */
export async function issueOperatorResetLink(
  db: Database,
  input: { email: string; publicUrl: string; now: Date },
): Promise<OperatorResetLink | undefined> {
  return db.transaction(async (tx) => {
    const user = await new UserRepository(tx).findByEmail(input.email);
    if (!user) return undefined;
    const token = await new AccountTokenRepository(tx).issue({
      userId: user.id,
      purpose: 'password-reset',
      email: user.email,
      now: input.now,
      ttlMs: RESET_LINK_TTL_MS,
    });
    return {
      link: resetLink(input.publicUrl, token),
      expiresAt: new Date(input.now.getTime() + RESET_LINK_TTL_MS),
      hasPassword: user.passwordHash !== null,
    };
  });
}

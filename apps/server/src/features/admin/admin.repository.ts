import type { AdminActionKind } from '@medrem/contract';
import { count, desc, eq, ilike, sql } from 'drizzle-orm';
import type { Database } from '../../db/database';
import { adminActions, twoFactor, users } from '../../db/schema';

/** What the admin screen reads of an account: no medicine, dose, setting or device. */
export interface AccountSummaryRow {
  id: string;
  name: string;
  email: string;
  createdAt: Date;
  lastLogin: Date | null;
  emailVerifiedAt: Date | null;
  disabledAt: Date | null;
  /** Two-step sign-in on (a confirmed TOTP secret). */
  twoFactorOn: boolean;
}

/** A search term as a LIKE pattern that matches it literally (no wildcards from the caller). */
const containing = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** The administrators' reads and writes (issue 57): accounts, their disabled flag, the action record. */
export class AdminRepository {
  constructor(private readonly db: Database) {}

  async listAccounts(input: {
    query: string | undefined;
    offset: number;
    limit: number;
  }): Promise<{ rows: AccountSummaryRow[]; total: number }> {
    const where = input.query ? ilike(users.email, containing(input.query)) : undefined;
    const [rows, [counted]] = await Promise.all([
      this.db
        .select({
          id: users.id,
          name: users.name,
          email: users.email,
          createdAt: users.createdAt,
          lastLogin: users.lastLogin,
          emailVerifiedAt: users.emailVerifiedAt,
          disabledAt: users.disabledAt,
          twoFactorOn: sql<boolean>`exists (select 1 from ${twoFactor} where ${twoFactor.userId} = ${users.id} and ${twoFactor.confirmedAt} is not null)`,
        })
        .from(users)
        .where(where)
        .orderBy(desc(users.createdAt), users.id)
        .limit(input.limit)
        .offset(input.offset),
      this.db.select({ total: count() }).from(users).where(where),
    ]);
    return { rows, total: counted?.total ?? 0 };
  }

  /**
   * Marks the account disabled (kept from the first time when it already was); the sessions and
   * the token version are the caller's (SessionRepository.revokeAllExcept) in the same transaction.
   * False when no account has the id.
   */
  async disable(id: string, now: Date): Promise<boolean> {
    const changed = await this.db
      .update(users)
      .set({ disabledAt: sql`coalesce(${users.disabledAt}, ${now.toISOString()}::timestamptz)` })
      .where(eq(users.id, id))
      .returning({ id: users.id });
    return changed.length === 1;
  }

  async enable(id: string): Promise<boolean> {
    const changed = await this.db
      .update(users)
      .set({ disabledAt: null })
      .where(eq(users.id, id))
      .returning({ id: users.id });
    return changed.length === 1;
  }

  async record(action: { actor: string; action: AdminActionKind; target: string; at: Date }): Promise<void> {
    await this.db.insert(adminActions).values(action);
  }

  async listActions(offset: number, limit: number) {
    const [rows, [counted]] = await Promise.all([
      this.db
        .select()
        .from(adminActions)
        .orderBy(desc(adminActions.at), desc(adminActions.id))
        .limit(limit)
        .offset(offset),
      this.db.select({ total: count() }).from(adminActions),
    ]);
    return { rows, total: counted?.total ?? 0 };
  }
}

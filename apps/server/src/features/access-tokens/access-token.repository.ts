import { and, count, desc, eq, isNull, lte, or } from 'drizzle-orm';
import type { Database } from '../../db/database';
import { personalAccessTokens, users } from '../../db/schema';

export type PersonalTokenRow = typeof personalAccessTokens.$inferSelect;

/** What a request's authentication needs of a token (kept per process, decision 266). */
export interface TokenGrant {
  id: string;
  userId: string;
  /** Space-separated, as stored. */
  scopes: string;
  expiresAt: Date | null;
}

/** Every statement on personal_access_tokens; each one for an id from a request filters by owner. */
export class AccessTokenRepository {
  constructor(private readonly db: Database) {}

  /** The user's tokens, newest first. */
  async listForUser(userId: string): Promise<PersonalTokenRow[]> {
    return this.db
      .select()
      .from(personalAccessTokens)
      .where(eq(personalAccessTokens.userId, userId))
      .orderBy(desc(personalAccessTokens.createdAt), desc(personalAccessTokens.id));
  }

  /**
   * Inserts the token unless the user holds `limit` already: counted under a lock of the user's
   * row, so two requests at the same moment cannot both take the last place. Undefined: at the limit.
   */
  async insertWithin(
    limit: number,
    values: Omit<typeof personalAccessTokens.$inferInsert, 'id' | 'lastUsedAt'>,
  ): Promise<PersonalTokenRow | undefined> {
    return this.db.transaction(async (tx) => {
      await tx.select({ id: users.id }).from(users).where(eq(users.id, values.userId)).for('update');
      const [held] = await tx
        .select({ n: count() })
        .from(personalAccessTokens)
        .where(eq(personalAccessTokens.userId, values.userId));
      if ((held?.n ?? 0) >= limit) return undefined;
      const [row] = await tx.insert(personalAccessTokens).values(values).returning();
      return row;
    });
  }

  /** Deletes the caller's token; false when it is not theirs or not there. */
  /** The deleted token's name; undefined when the user has no token with the id. */
  async delete(userId: string, id: string): Promise<string | undefined> {
    const deleted = await this.db
      .delete(personalAccessTokens)
      .where(and(eq(personalAccessTokens.id, id), eq(personalAccessTokens.userId, userId)))
      .returning({ name: personalAccessTokens.name });
    return deleted[0]?.name;
  }

  /** Every token of the user (a password reset: whoever knew the password may have made one). */
  async deleteAllForUser(userId: string): Promise<number> {
    const deleted = await this.db
      .delete(personalAccessTokens)
      .where(eq(personalAccessTokens.userId, userId))
      .returning({ id: personalAccessTokens.id });
    return deleted.length;
  }

  async findGrant(tokenHash: string): Promise<TokenGrant | undefined> {
    const [row] = await this.db
      .select({
        id: personalAccessTokens.id,
        userId: personalAccessTokens.userId,
        scopes: personalAccessTokens.scopes,
        expiresAt: personalAccessTokens.expiresAt,
      })
      .from(personalAccessTokens)
      .where(eq(personalAccessTokens.tokenHash, tokenHash))
      .limit(1);
    return row;
  }

  /**
   * Records a use unless one was recorded within the last minute (by any process): at most one
   * write a minute per token, whatever the traffic.
   */
  async touch(id: string, now: Date): Promise<void> {
    const minuteAgo = new Date(now.getTime() - 60_000);
    await this.db
      .update(personalAccessTokens)
      .set({ lastUsedAt: now })
      .where(
        and(
          eq(personalAccessTokens.id, id),
          or(isNull(personalAccessTokens.lastUsedAt), lte(personalAccessTokens.lastUsedAt, minuteAgo)),
        ),
      );
  }
}

/** A stored scope list as the contract's list. */
export const scopesOf = (stored: string): string[] => (stored === '' ? [] : stored.split(' '));
export const storedScopes = (scopes: readonly string[]): string => scopes.join(' ');

import { and, count, desc, eq, gt, lt } from 'drizzle-orm';
import type { Database } from '../../db/database';
import { passkeys, users, webauthnChallenges } from '../../db/schema';

export type PasskeyRow = typeof passkeys.$inferSelect;
export type ChallengePurpose = 'registration' | 'authentication';

/** Every statement on passkeys and their challenges; each one for an id from a request filters by owner. */
export class PasskeyRepository {
  constructor(private readonly db: Database) {}

  async listForUser(userId: string): Promise<PasskeyRow[]> {
    return this.db
      .select()
      .from(passkeys)
      .where(eq(passkeys.userId, userId))
      .orderBy(desc(passkeys.createdAt), desc(passkeys.id));
  }

  async findByCredentialId(credentialId: string): Promise<PasskeyRow | undefined> {
    const [row] = await this.db
      .select()
      .from(passkeys)
      .where(eq(passkeys.credentialId, credentialId))
      .limit(1);
    return row;
  }

  /**
   * Inserts the passkey unless the user holds `limit` already (counted under a lock of the user's
   * row, as personal tokens are) or its credential is registered already (to anyone).
   */
  async insertWithin(
    limit: number,
    values: Omit<typeof passkeys.$inferInsert, 'id' | 'lastUsedAt'>,
  ): Promise<PasskeyRow | 'limit' | 'duplicate'> {
    return this.db.transaction(async (tx) => {
      await tx.select({ id: users.id }).from(users).where(eq(users.id, values.userId)).for('update');
      const [held] = await tx.select({ n: count() }).from(passkeys).where(eq(passkeys.userId, values.userId));
      if ((held?.n ?? 0) >= limit) return 'limit';
      const [row] = await tx
        .insert(passkeys)
        .values(values)
        .onConflictDoNothing({ target: passkeys.credentialId })
        .returning();
      return row ?? 'duplicate';
    });
  }

  async rename(userId: string, id: string, name: string): Promise<PasskeyRow | undefined> {
    const [row] = await this.db
      .update(passkeys)
      .set({ name })
      .where(and(eq(passkeys.id, id), eq(passkeys.userId, userId)))
      .returning();
    return row;
  }

  /** The removed passkey's name (for the activity record), or undefined when it is not the user's. */
  async delete(userId: string, id: string): Promise<string | undefined> {
    const [deleted] = await this.db
      .delete(passkeys)
      .where(and(eq(passkeys.id, id), eq(passkeys.userId, userId)))
      .returning({ name: passkeys.name });
    return deleted?.name;
  }

  /**
   * Records a sign-in, only if the counter is still the one the check was made against: of two
   * answers checked at the same moment with the same counter, one wins and the other is refused.
   */
  async recordUse(id: string, checkedCounter: number, newCounter: number, now: Date): Promise<boolean> {
    const updated = await this.db
      .update(passkeys)
      .set({ counter: newCounter, lastUsedAt: now })
      .where(and(eq(passkeys.id, id), eq(passkeys.counter, checkedCounter)))
      .returning({ id: passkeys.id });
    return updated.length === 1;
  }

  /** Stores a new challenge; expired ones go at the same time, so the table holds only live ones. */
  async storeChallenge(
    values: { challenge: string; purpose: ChallengePurpose; userId: string | null; expiresAt: Date },
    now: Date,
  ): Promise<void> {
    await this.db.delete(webauthnChallenges).where(lt(webauthnChallenges.expiresAt, now));
    await this.db.insert(webauthnChallenges).values(values);
  }

  /**
   * Takes a challenge: deleted by the one statement that finds it live, for this purpose and this
   * user, so two answers carrying it cannot both use it (whatever process each reaches).
   */
  async takeChallenge(challenge: string, purpose: ChallengePurpose, userId: string | null, now: Date) {
    const owner = userId === null ? undefined : eq(webauthnChallenges.userId, userId);
    const taken = await this.db
      .delete(webauthnChallenges)
      .where(
        and(
          eq(webauthnChallenges.challenge, challenge),
          eq(webauthnChallenges.purpose, purpose),
          gt(webauthnChallenges.expiresAt, now),
          owner,
        ),
      )
      .returning({ challenge: webauthnChallenges.challenge });
    return taken.length === 1;
  }
}

import { and, count, eq, gt, isNotNull, isNull, lt, lte, or } from 'drizzle-orm';
import type { Database } from '../../db/database';
import { signInTickets, twoFactor, twoFactorRecoveryCodes } from '../../db/schema';

export type TwoFactorRow = typeof twoFactor.$inferSelect;

/**
 * Every statement on two-step sign-in's tables. A code is spent by one conditional UPDATE (the step
 * newer than the last, the recovery code unused), so two requests with the same code at the same
 * moment cannot both pass.
 */
export class TwoFactorRepository {
  constructor(private readonly db: Database) {}

  async find(userId: string): Promise<TwoFactorRow | undefined> {
    const [row] = await this.db.select().from(twoFactor).where(eq(twoFactor.userId, userId));
    return row;
  }

  /** Stores a new unconfirmed secret; false when two-step sign-in is on already (nothing changed). */
  async savePending(userId: string, secretSealed: string, now: Date): Promise<boolean> {
    const saved = await this.db
      .insert(twoFactor)
      .values({ userId, secretSealed, createdAt: now })
      .onConflictDoUpdate({
        target: twoFactor.userId,
        set: { secretSealed, createdAt: now, lastUsedStep: null },
        setWhere: isNull(twoFactor.confirmedAt),
      })
      .returning({ userId: twoFactor.userId });
    return saved.length === 1;
  }

  /**
   * Turns it on with the step of the confirming code and the recovery codes' hashes, in one
   * transaction; false when it is not pending any more (confirmed by another request).
   */
  async confirm(userId: string, step: number, now: Date, codeHashes: string[]): Promise<boolean> {
    return this.db.transaction(async (tx) => {
      const confirmed = await tx
        .update(twoFactor)
        .set({ confirmedAt: now, lastUsedStep: step })
        .where(and(eq(twoFactor.userId, userId), isNull(twoFactor.confirmedAt)))
        .returning({ userId: twoFactor.userId });
      if (confirmed.length !== 1) return false;
      await new TwoFactorRepository(tx).replaceRecoveryCodes(userId, codeHashes);
      return true;
    });
  }

  /** Spends a TOTP step: true only when it is newer than the last one used (replay refused). */
  async useStep(userId: string, step: number): Promise<boolean> {
    const used = await this.db
      .update(twoFactor)
      .set({ lastUsedStep: step })
      .where(
        and(
          eq(twoFactor.userId, userId),
          isNotNull(twoFactor.confirmedAt),
          or(isNull(twoFactor.lastUsedStep), lt(twoFactor.lastUsedStep, step)),
        ),
      )
      .returning({ userId: twoFactor.userId });
    return used.length === 1;
  }

  /** Spends an unused recovery code of the user; false when it is not theirs or used already. */
  async useRecoveryCode(userId: string, codeHash: string, now: Date): Promise<boolean> {
    const used = await this.db
      .update(twoFactorRecoveryCodes)
      .set({ usedAt: now })
      .where(
        and(
          eq(twoFactorRecoveryCodes.userId, userId),
          eq(twoFactorRecoveryCodes.codeHash, codeHash),
          isNull(twoFactorRecoveryCodes.usedAt),
        ),
      )
      .returning({ id: twoFactorRecoveryCodes.id });
    return used.length > 0;
  }

  /** The old codes stop working; the new ones take their place. */
  async replaceRecoveryCodes(userId: string, codeHashes: string[]): Promise<void> {
    await this.db.delete(twoFactorRecoveryCodes).where(eq(twoFactorRecoveryCodes.userId, userId));
    await this.db.insert(twoFactorRecoveryCodes).values(codeHashes.map((codeHash) => ({ userId, codeHash })));
  }

  async recoveryCodesLeft(userId: string): Promise<number> {
    const [row] = await this.db
      .select({ n: count() })
      .from(twoFactorRecoveryCodes)
      .where(and(eq(twoFactorRecoveryCodes.userId, userId), isNull(twoFactorRecoveryCodes.usedAt)));
    return row?.n ?? 0;
  }

  /** Turns it off: the secret, the codes and any open second step go. */
  async remove(userId: string): Promise<void> {
    await this.db.transaction(async (tx) => {
      await tx.delete(twoFactorRecoveryCodes).where(eq(twoFactorRecoveryCodes.userId, userId));
      await tx.delete(signInTickets).where(eq(signInTickets.userId, userId));
      await tx.delete(twoFactor).where(eq(twoFactor.userId, userId));
    });
  }

  async insertTicket(values: typeof signInTickets.$inferInsert, now: Date): Promise<void> {
    // A user's expired tickets go when a new one comes: the table holds only live ones and a few.
    await this.db
      .delete(signInTickets)
      .where(and(eq(signInTickets.userId, values.userId), lte(signInTickets.expiresAt, now)));
    await this.db.insert(signInTickets).values(values);
  }

  async findTicket(ticketHash: string, now: Date) {
    const [row] = await this.db
      .select({ userId: signInTickets.userId, timezone: signInTickets.timezone })
      .from(signInTickets)
      .where(and(eq(signInTickets.ticketHash, ticketHash), gt(signInTickets.expiresAt, now)));
    return row;
  }

  /** Redeems a ticket once: false when another request redeemed it first. */
  async deleteTicket(ticketHash: string): Promise<boolean> {
    const deleted = await this.db
      .delete(signInTickets)
      .where(eq(signInTickets.ticketHash, ticketHash))
      .returning({ userId: signInTickets.userId });
    return deleted.length === 1;
  }
}

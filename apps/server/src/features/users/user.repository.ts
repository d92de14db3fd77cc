import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { Database } from '../../db/database';
import {
  doseRecords,
  medicines,
  notifications,
  personalAccessTokens,
  pushSubscriptions,
  refills,
  sessions,
  userIdentities,
  userSettings,
  users,
} from '../../db/schema';
import { sqlStateOf } from '../../db/sql-helpers';

export type UserRow = typeof users.$inferSelect;

export class UserRepository {
  constructor(private readonly db: Database) {}

  async findById(id: string): Promise<UserRow | undefined> {
    const [row] = await this.db.select().from(users).where(eq(users.id, id)).limit(1);
    return row;
  }

  async findByEmail(email: string): Promise<UserRow | undefined> {
    const [row] = await this.db.select().from(users).where(eq(users.email, email)).limit(1);
    return row;
  }

  /** Inserts unless the email is taken; returns undefined on conflict (no race between check and insert). */
  async insert(values: {
    name: string;
    email: string;
    passwordHash: string | null;
    createdAt: Date;
  }): Promise<UserRow | undefined> {
    const [row] = await this.db
      .insert(users)
      .values(values)
      .onConflictDoNothing({ target: users.email })
      .returning();
    return row;
  }

  async update(
    id: string,
    values: Partial<Pick<UserRow, 'name' | 'passwordHash' | 'lastLogin'>>,
  ): Promise<UserRow> {
    const [row] = await this.db.update(users).set(values).where(eq(users.id, id)).returning();
    if (!row) throw new Error(`user ${id} vanished during update`);
    return row;
  }

  /**
   * Marks the address verified, only while the account still uses it (a link mailed to an address
   * the account has left verifies nothing); true when the account uses it and is verified now.
   */
  async markVerified(id: string, email: string, now: Date): Promise<boolean> {
    await this.db
      .update(users)
      .set({ emailVerifiedAt: now })
      .where(and(eq(users.id, id), eq(users.email, email), isNull(users.emailVerifiedAt)));
    const [row] = await this.db
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.id, id), eq(users.email, email)))
      .limit(1);
    return row !== undefined;
  }

  /**
   * The confirmed new address, verified by that very confirmation; undefined when another account
   * holds it (checked here, and by the unique index should two confirmations race).
   */
  async changeEmail(id: string, email: string, now: Date): Promise<UserRow | undefined> {
    if (await this.findByEmail(email)) return undefined;
    try {
      const [row] = await this.db
        .update(users)
        .set({ email, emailVerifiedAt: now })
        .where(eq(users.id, id))
        .returning();
      return row;
    } catch (error) {
      if (sqlStateOf(error) === '23505') return undefined;
      throw error;
    }
  }

  /**
   * Removes the account and everything it owns in one transaction. The foreign keys cascade too;
   * deleting explicitly keeps the order visible and independent of the schema's ON DELETE rules.
   */
  async deleteWithAllData(id: string): Promise<boolean> {
    return this.db.transaction(async (tx) => {
      const owned = tx.select({ id: medicines.id }).from(medicines).where(eq(medicines.userId, id));
      await tx.delete(doseRecords).where(inArray(doseRecords.medicineId, owned));
      await tx.delete(refills).where(inArray(refills.medicineId, owned));
      await tx.delete(medicines).where(eq(medicines.userId, id));
      await tx.delete(notifications).where(eq(notifications.userId, id));
      await tx.delete(pushSubscriptions).where(eq(pushSubscriptions.userId, id));
      await tx.delete(userSettings).where(eq(userSettings.userId, id));
      await tx.delete(sessions).where(eq(sessions.userId, id));
      await tx.delete(personalAccessTokens).where(eq(personalAccessTokens.userId, id));
      await tx.delete(userIdentities).where(eq(userIdentities.userId, id));
      const deleted = await tx.delete(users).where(eq(users.id, id)).returning({ id: users.id });
      return deleted.length === 1;
    });
  }
}

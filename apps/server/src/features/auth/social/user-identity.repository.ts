import { and, eq } from 'drizzle-orm';
import type { Database } from '../../../db/database';
import { userIdentities } from '../../../db/schema';

export type IdentityProvider = 'firebase' | 'oidc';
export type UserIdentityRow = typeof userIdentities.$inferSelect;

/** Links between accounts and sign-in providers; every query names the provider and its subject or the owner. */
export class UserIdentityRepository {
  constructor(private readonly db: Database) {}

  async findBySubject(provider: IdentityProvider, subject: string): Promise<UserIdentityRow | undefined> {
    const [row] = await this.db
      .select()
      .from(userIdentities)
      .where(and(eq(userIdentities.provider, provider), eq(userIdentities.subject, subject)))
      .limit(1);
    return row;
  }

  async listForUser(userId: string): Promise<UserIdentityRow[]> {
    return this.db.select().from(userIdentities).where(eq(userIdentities.userId, userId));
  }

  /**
   * Links unless this subject, or another subject of this provider, is already linked to the user;
   * returns undefined then (no race between check and insert).
   */
  async insert(values: {
    provider: IdentityProvider;
    subject: string;
    userId: string;
    email: string;
    createdAt: Date;
  }): Promise<UserIdentityRow | undefined> {
    const [row] = await this.db.insert(userIdentities).values(values).onConflictDoNothing().returning();
    return row;
  }

  async delete(userId: string, provider: IdentityProvider): Promise<UserIdentityRow | undefined> {
    const [row] = await this.db
      .delete(userIdentities)
      .where(and(eq(userIdentities.userId, userId), eq(userIdentities.provider, provider)))
      .returning();
    return row;
  }
}

import { eq } from 'drizzle-orm';
import type { Database } from '../../db/database';
import { pushSubscriptions } from '../../db/schema';
import { inIds } from '../../db/sql-helpers';

export type PushSubscriptionRow = typeof pushSubscriptions.$inferSelect;

export class PushSubscriptionRepository {
  constructor(private readonly db: Database) {}

  /** One row per device: re-registering a device (even under another account) moves it. */
  async upsert(values: { userId: string; kind: string; endpoint: string; token: string }): Promise<void> {
    await this.db
      .insert(pushSubscriptions)
      .values(values)
      .onConflictDoUpdate({
        target: pushSubscriptions.endpoint,
        set: { userId: values.userId, kind: values.kind, token: values.token },
      });
  }

  async listForUser(userId: string): Promise<PushSubscriptionRow[]> {
    return this.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, userId));
  }

  /** The devices of many users at once (a reminder batch). */
  async listForUsers(userIds: string[]): Promise<PushSubscriptionRow[]> {
    if (userIds.length === 0) return [];
    return this.db.select().from(pushSubscriptions).where(inIds(pushSubscriptions.userId, userIds));
  }

  async findByIds(ids: string[]): Promise<PushSubscriptionRow[]> {
    if (ids.length === 0) return [];
    return this.db.select().from(pushSubscriptions).where(inIds(pushSubscriptions.id, ids));
  }

  async deleteByEndpoint(endpoint: string): Promise<void> {
    await this.db.delete(pushSubscriptions).where(eq(pushSubscriptions.endpoint, endpoint));
  }
}

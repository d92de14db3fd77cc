import { CHANNEL_KINDS } from '@medrem/contract';
import { and, eq, sql } from 'drizzle-orm';
import { type Database, rowsOf } from '../../db/database';
import { deliveryStatus, pushSubscriptions, reminderDeliveries, users } from '../../db/schema';
import { inIds } from '../../db/sql-helpers';
import type { PushSubscriptionRow } from './push-subscription.repository';

/** A device or channel with what is known of its deliveries. */
export interface ChannelWithStatus extends PushSubscriptionRow {
  lastSuccessAt: Date | null;
  lastFailureAt: Date | null;
  lastFailureReason: string | null;
  lastFailureDetail: string | null;
}

/** The kinds of a subscription row that are channels rather than browser or FCM devices (decision 233). */
export type ChannelKind = (typeof CHANNEL_KINDS)[number];
export const isChannelKind = (kind: string): kind is ChannelKind =>
  (CHANNEL_KINDS as readonly string[]).includes(kind);

/**
 * A user's devices and channels as Settings → Notifications shows and edits them. Channels are rows
 * of push_subscriptions (their endpoint `channel:<uuid>`, their URL as the token), so every notification
 * reaches them through the push outbox like a device.
 */
export class DeliveryChannelRepository {
  constructor(private readonly db: Database) {}

  async listWithStatus(userId: string): Promise<ChannelWithStatus[]> {
    const rows = await this.db
      .select({
        subscription: pushSubscriptions,
        lastSuccessAt: deliveryStatus.lastSuccessAt,
        lastFailureAt: deliveryStatus.lastFailureAt,
        lastFailureReason: deliveryStatus.lastFailureReason,
        lastFailureDetail: deliveryStatus.lastFailureDetail,
      })
      .from(pushSubscriptions)
      .leftJoin(deliveryStatus, eq(deliveryStatus.subscriptionId, pushSubscriptions.id))
      .where(eq(pushSubscriptions.userId, userId))
      .orderBy(pushSubscriptions.createdAt, pushSubscriptions.id);
    return rows.map(({ subscription, ...status }) => ({ ...subscription, ...status }));
  }

  async findOwned(userId: string, id: string): Promise<PushSubscriptionRow | undefined> {
    const [row] = await this.db
      .select()
      .from(pushSubscriptions)
      .where(and(eq(pushSubscriptions.id, id), eq(pushSubscriptions.userId, userId)));
    return row;
  }

  async countChannels(userId: string, kind: ChannelKind): Promise<number> {
    const rows = await this.db
      .select({ id: pushSubscriptions.id })
      .from(pushSubscriptions)
      .where(and(eq(pushSubscriptions.userId, userId), eq(pushSubscriptions.kind, kind)));
    return rows.length;
  }

  async insert(values: {
    id: string;
    userId: string;
    kind: ChannelKind;
    url: string;
    mode: 'every' | 'fallback';
    secret: string | null;
    at: Date;
  }): Promise<PushSubscriptionRow> {
    const [row] = await this.db
      .insert(pushSubscriptions)
      .values({
        id: values.id,
        userId: values.userId,
        kind: values.kind,
        endpoint: `channel:${values.id}`,
        token: values.url,
        mode: values.mode,
        secret: values.secret,
        createdAt: values.at,
      })
      .returning();
    return row!;
  }

  async setMode(userId: string, id: string, mode: 'every' | 'fallback'): Promise<boolean> {
    const rows = await this.db
      .update(pushSubscriptions)
      .set({ mode })
      .where(and(eq(pushSubscriptions.id, id), eq(pushSubscriptions.userId, userId)))
      .returning({ id: pushSubscriptions.id });
    return rows.length > 0;
  }

  async delete(userId: string, id: string): Promise<boolean> {
    const rows = await this.db
      .delete(pushSubscriptions)
      .where(and(eq(pushSubscriptions.id, id), eq(pushSubscriptions.userId, userId)))
      .returning({ id: pushSubscriptions.id });
    return rows.length > 0;
  }

  /** The account a mail channel writes to, and whether its address is proven (decision 210). */
  async accountOf(userId: string) {
    const [row] = await this.db
      .select({ email: users.email, name: users.name, emailVerifiedAt: users.emailVerifiedAt })
      .from(users)
      .where(eq(users.id, userId));
    return row;
  }

  /** Removes devices the push service said are gone; returns what they were (to tell their owners). */
  async deleteGone(ids: string[]): Promise<PushSubscriptionRow[]> {
    if (ids.length === 0) return [];
    return this.db.delete(pushSubscriptions).where(inIds(pushSubscriptions.id, ids)).returning();
  }

  /** The users' mail channels (one query for a lease's gone devices). */
  async mailChannelsOf(userIds: string[]): Promise<PushSubscriptionRow[]> {
    if (userIds.length === 0) return [];
    return this.db
      .select()
      .from(pushSubscriptions)
      .where(and(inIds(pushSubscriptions.userId, userIds), eq(pushSubscriptions.kind, 'email')));
  }

  /** The users' fallback channels (one query for a lease's failed pushes). */
  async fallbackChannelsOf(userIds: string[]): Promise<PushSubscriptionRow[]> {
    if (userIds.length === 0) return [];
    return this.db
      .select()
      .from(pushSubscriptions)
      .where(and(inIds(pushSubscriptions.userId, userIds), eq(pushSubscriptions.mode, 'fallback')));
  }

  /**
   * Takes the device's one test reminder of `everyMs` (decision 261), for every server process at
   * once: the last test's instant is a dedupe row of `reminder_deliveries` (`test:<device id>`),
   * written only when none is nearer to `now` than `everyMs` (either way: a process whose clock
   * runs behind does not get a second one). One statement under the row's lock, so two processes
   * pressed together get one test between them. False: a test was just sent.
   */
  async claimTest(userId: string, subscriptionId: string, now: Date, everyMs: number): Promise<boolean> {
    const result = await this.db.execute(sql`insert into ${reminderDeliveries} (user_id, key, created_at)
      values (${userId}::uuid, ${`test:${subscriptionId}`}, ${now.toISOString()}::timestamptz)
      on conflict (user_id, key) do update set created_at = excluded.created_at
      where abs(extract(epoch from excluded.created_at - ${reminderDeliveries.createdAt})) * 1000 >= ${everyMs}
      returning 1 as claimed`);
    return rowsOf(result).length === 1;
  }
}

/**
 * Notifications and how they reach people: devices and channels, their delivery status, and the
 * reminder engine's tables (issue 4).
 */
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  date,
  index,
  integer,
  json,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt } from './columns';
import { users } from './account.schema';

export const notifications = pgTable(
  'notifications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    type: text('type').notNull(),
    title: text('title').notNull(),
    message: text('message').notNull(),
    medicineName: text('medicine_name'),
    /**
     * The app page it opens when not the one its type implies (decision 346): a measurement
     * reminder's reading page, a pack's cabinet; the push's own link. Null for a type's usual page.
     */
    link: text('link'),
    isRead: boolean('is_read').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [
    index('notifications_user_created_idx').on(t.userId, t.createdAt),
    // Retention deletes the oldest first (decision 276): without it each pass scanned the table.
    index('notifications_created_idx').on(t.createdAt),
  ],
);

/** A device that receives push: a Web Push subscription (JSON) or an FCM token. */
export const pushSubscriptions = pgTable(
  'push_subscriptions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    /** Web Push endpoint URL or FCM token: one device, one row. */
    endpoint: text('endpoint').notNull(),
    /** Web Push subscription JSON, FCM token; for a channel, its URL ('' for email). */
    token: text('token').notNull(),
    /**
     * Which notifications it gets (decision 233): 'every' one, or 'fallback', only those push could
     * not deliver (no browser or FCM device, or their send failed). Devices are always 'every'.
     */
    mode: text('mode').notNull().default('every'),
    /**
     * A webhook channel's HMAC-SHA256 key (shown once when made), or a protected ntfy topic's access
     * token; null otherwise.
     */
    secret: text('secret'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('push_subscriptions_endpoint_unique').on(t.endpoint),
    index('push_user_idx').on(t.userId),
  ],
);

/**
 * Whether reminders reach each device or channel (decision 234): the last send its push service
 * (or channel) accepted, the last it did not and why. Written apart from push_subscriptions, whose
 * writes raise the user's reminder stamp (migration 0010): a status must not cancel staged fires.
 * Recorded in batches off the due second's path (features/reminders/engine/delivery-status-recorder.ts).
 */
export const deliveryStatus = pgTable('delivery_status', {
  subscriptionId: uuid('subscription_id')
    .primaryKey()
    .references(() => pushSubscriptions.id, { onDelete: 'cascade' }),
  lastSuccessAt: timestamp('last_success_at', { withTimezone: true, mode: 'date' }),
  lastFailureAt: timestamp('last_failure_at', { withTimezone: true, mode: 'date' }),
  /** expired | refused | unreachable | unverified. */
  lastFailureReason: text('last_failure_reason'),
  /** The push service's or channel's answer, shortened (for the person and the operator). */
  lastFailureDetail: text('last_failure_detail'),
});

// ─── Reminder engine (issue 4) ──────────────────────────────────────────────────────────────────

/**
 * The next firing of each reminder a user has: one row per user, kind and dose slot, holding the UTC
 * instant it fires next. The due-finder reads only rows with fire_at <= now (indexed), so its cost
 * grows with what is due, not with the number of users or medicines.
 */
export const reminderSchedule = pgTable(
  'reminder_schedule',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** dose | headsup | missed | summary (recurring) | snooze | refill (one-off). */
    kind: text('kind').notNull(),
    slot: integer('slot').notNull(),
    /** Wall-clock time of the dose (or summary) in `timezone`; `offsetMinutes` moves the firing. */
    localTime: text('local_time').notNull(),
    offsetMinutes: integer('offset_minutes').notNull().default(0),
    timezone: text('timezone').notNull(),
    /** Local date of the dose this firing is about. */
    occurrenceDate: date('occurrence_date', { mode: 'string' }).notNull(),
    fireAt: timestamp('fire_at', { withTimezone: true, mode: 'date' }).notNull(),
    /** One-off rows only: what they are about (a snooze's action-token id). */
    ref: text('ref'),
  },
  (t) => [
    uniqueIndex('reminder_schedule_user_kind_slot').on(t.userId, t.kind, t.slot),
    // (fire_at, id): the tick's due range, and the keyset that preparation pages through when many
    // rows share one instant (decision 048).
    index('reminder_schedule_fire_at_id_idx').on(t.fireAt, t.id),
  ],
);

/**
 * A number per user that changes whenever anything a reminder of theirs is decided from changes
 * (decision 015): their settings, medicines, doses, as-needed intakes, care links, name and devices.
 * Kept by triggers (migration 0010), so no write path can forget it. The engine reads it before it
 * prepares a reminder and again when it fires: unchanged, it may decide from what it read then.
 * Derived: no foreign key (a user's deletion cascades through tables whose triggers write here), not
 * copied between databases (the triggers rebuild it), a missing row read as null.
 */
export const reminderStamps = pgTable('reminder_stamps', {
  userId: uuid('user_id').primaryKey(),
  stamp: bigint('stamp', { mode: 'number' }).notNull(),
});

/**
 * Reminders stored ahead of their instant (decision 017): per lease and user, what the staging
 * transaction wrote for them — the notifications (created at the instant, hidden until then), the
 * dedupe keys, the pushes (leased until the instant plus the lease time) — and each schedule row as
 * it was before it was moved on. Released (deleted) by the process that staged it at the instant, or
 * by the sweep once the lease has run out; cancelled by the user's next reminder stamp
 * (`reminder_staged_cancel`, migration 0011), which undoes the writes and restores the rows.
 */
export const stagedFires = pgTable(
  'staged_fires',
  {
    leaseId: uuid('lease_id').notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    dueAt: timestamp('due_at', { withTimezone: true, mode: 'date' }).notNull(),
    notificationIds: uuid('notification_ids').array().notNull(),
    keys: text('keys').array().notNull(),
    /** Each moved row: its id, the values it had and the values staging gave it (json). */
    rows: json('rows').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.leaseId, t.userId] }),
    index('staged_fires_user_idx').on(t.userId),
    index('staged_fires_due_idx').on(t.dueAt),
  ],
);

/**
 * What was already sent: one row per (user, dedupe key) — e.g. dose:0:2026-11-21 — written in the
 * same transaction as the stored notification, so no retry, crash or second worker can repeat it.
 */
export const reminderDeliveries = pgTable(
  'reminder_deliveries',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.key] }),
    index('reminder_deliveries_created_idx').on(t.createdAt),
  ],
);

/**
 * Push messages still to deliver (one per notification and device), written with the notification.
 * A batch is leased by `lease_id`; a failed send is retried after `available_at` with back-off.
 */
export const pushOutbox = pgTable(
  'push_outbox',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    // No foreign key of its own (decision 049): the device's row belongs to this user and cascades
    // from it, so the device's key removes a user's pushes with the account, and each inserted push
    // pays one key check, not two.
    userId: uuid('user_id').notNull(),
    subscriptionId: uuid('subscription_id')
      .notNull()
      .references(() => pushSubscriptions.id, { onDelete: 'cascade' }),
    // json, not jsonb: stored once, read back whole, never queried inside; jsonb's conversion was a
    // fifth of the insert's cost at the due second (decision 049).
    payload: json('payload').notNull(),
    /** Web Push Topic: a resend replaces the undelivered message instead of adding one. */
    topic: text('topic').notNull(),
    attempts: integer('attempts').notNull().default(0),
    leaseId: uuid('lease_id'),
    availableAt: timestamp('available_at', { withTimezone: true, mode: 'date' }).notNull(),
    /** pending | failed (gave up after the last retry). */
    status: text('status').notNull().default('pending'),
    lastError: text('last_error'),
    createdAt: createdAt(),
  },
  (t) => [
    index('push_outbox_available_idx')
      .on(t.availableAt)
      .where(sql`status = 'pending'`),
    index('push_outbox_lease_idx').on(t.leaseId),
  ],
);

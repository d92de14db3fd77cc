import type { DoseSchedule, DoseSkip } from '@medrem/domain';
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  date,
  index,
  integer,
  json,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

const createdAt = () => timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow();

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    /** Trimmed and lower-cased; the identity of the account. */
    email: text('email').notNull(),
    /** argon2id PHC string; null for accounts created by a social sign-in. */
    passwordHash: text('password_hash'),
    createdAt: createdAt(),
    lastLogin: timestamp('last_login', { withTimezone: true, mode: 'date' }),
    /**
     * Access tokens carry the version they were issued under; a password change or "sign out
     * everywhere" raises it, so every token issued before stops working at once.
     */
    tokenVersion: integer('token_version').notNull().default(0),
    /**
     * When the person proved they read mail at `email` (a verification link, or a provider that
     * vouched for the same address). Null: unverified; mail that could reach someone else is not
     * sent to it (issue 52).
     */
    emailVerifiedAt: timestamp('email_verified_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [uniqueIndex('users_email_unique').on(t.email)],
);

/**
 * A sign-in provider linked to an account: Firebase (Google) or the configured OpenID Connect
 * issuer. The provider's subject, never the email, identifies the person on later sign-ins.
 */
export const userIdentities = pgTable(
  'user_identities',
  {
    /** 'firebase' or 'oidc'. */
    provider: text('provider').notNull(),
    /** The provider's stable user id (`sub`; the Firebase uid). */
    subject: text('subject').notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The verified email the provider reported when the link was made. */
    email: text('email').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.provider, t.subject] }),
    uniqueIndex('user_identities_user_provider_unique').on(t.userId, t.provider),
  ],
);

export const sessions = pgTable(
  'sessions',
  {
    /** SHA-256 of the cookie value: a leaked table does not leak live sessions. */
    tokenHash: text('token_hash').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (t) => [index('sessions_user_idx').on(t.userId)],
);

export const userSettings = pgTable('user_settings', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  /** { notifications, medicineDefaults, privacy } as validated by the contract. */
  preferences: jsonb('preferences').notNull(),
  timezone: text('timezone').notNull().default('UTC'),
  updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});

export const medicines = pgTable(
  'medicines',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    dosage: text('dosage').notNull().default(''),
    frequency: text('frequency').notNull(),
    startDate: date('start_date', { mode: 'string' }).notNull(),
    scheduledTimes: text('scheduled_times')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    durationDays: integer('duration_days').notNull(),
    originalDurationDays: integer('original_duration_days').notNull(),
    instructions: text('instructions').notNull().default(''),
    totalPills: integer('total_pills').notNull(),
    originalTotalPills: integer('original_total_pills').notNull(),
    pillsPerDose: integer('pills_per_dose').notNull(),
    dosesPerDay: integer('doses_per_day').notNull(),
    /**
     * How the medicine is taken beyond the frequency flags (decision 120): the contract's
     * DoseSchedule; null is the spec's rule (every day at the default times).
     */
    schedule: jsonb('schedule').$type<DoseSchedule>(),
    /**
     * The medicine's own times of day, 'HH:MM' ascending (decision 212): frequency flag i is time i.
     * Null: the user's default reminder times, which a settings change moves.
     */
    doseTimes: text('dose_times').array(),
    /** Doses taken (all time) when the current supply started; pills left count from here. */
    takenAtLastRefill: integer('taken_at_last_refill').notNull().default(0),
    lastRefillAt: timestamp('last_refill_at', { withTimezone: true, mode: 'date' }),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [index('medicines_user_idx').on(t.userId, t.createdAt)],
);

/** One row per medicine and calendar day: the spec's dash-joined taken flags. */
export const doseRecords = pgTable(
  'dose_records',
  {
    medicineId: uuid('medicine_id')
      .notNull()
      .references(() => medicines.id, { onDelete: 'cascade' }),
    date: date('date', { mode: 'string' }).notNull(),
    taken: text('taken').notNull(),
    /** Number of 1 flags in `taken`, kept so supply maths is one SUM. */
    takenCount: integer('taken_count').notNull(),
    /**
     * When each slot's flag was last set (epoch ms, 0 = never), so that the change made last wins
     * whatever order offline devices sync in (decision 070). Null on rows written before it existed.
     */
    slotTickedAt: jsonb('slot_ticked_at').$type<number[]>(),
    /**
     * When each slot's dose was taken (epoch ms, 0 = not taken or not known), decision 191: the
     * press's time, or the user's correction of it. Apart from `slot_ticked_at`, which orders
     * changes: a corrected time must not change which offline change wins. Null on older rows.
     */
    slotTakenAt: jsonb('slot_taken_at').$type<number[]>(),
    /**
     * Per slot, the dose skipped on purpose with its reason (decision 225), null where none. It holds
     * only while the slot's flag is 0 and no later change stamped the slot (`skipOf`), so a take on
     * any path clears it without writing here. Null on rows without a skip.
     */
    slotSkipped: jsonb('slot_skipped').$type<(DoseSkip | null)[]>(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.medicineId, t.date] })],
);

/**
 * One intake of an as-needed medicine, at its instant (decision 120): as-needed doses have no slot
 * and no day, and the safety limits are judged on instants. `override` marks an intake recorded past
 * a limit on the user's explicit choice; history and the report show it.
 */
export const asNeededIntakes = pgTable(
  'as_needed_intakes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    medicineId: uuid('medicine_id')
      .notNull()
      .references(() => medicines.id, { onDelete: 'cascade' }),
    takenAt: timestamp('taken_at', { withTimezone: true, mode: 'date' }).notNull(),
    override: boolean('override').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [index('as_needed_intakes_medicine_idx').on(t.medicineId, t.takenAt)],
);

export const refills = pgTable(
  'refills',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    medicineId: uuid('medicine_id')
      .notNull()
      .references(() => medicines.id, { onDelete: 'cascade' }),
    pills: integer('pills').notNull(),
    refilledAt: timestamp('refilled_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [index('refills_medicine_idx').on(t.medicineId, t.refilledAt)],
);

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
    isRead: boolean('is_read').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [index('notifications_user_created_idx').on(t.userId, t.createdAt)],
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

// ─── Offline writes (issue 12) ──────────────────────────────────────────────────────────────────

/**
 * Idempotency keys of writes: one row per (user, key), inserted in the same transaction as the
 * write itself, holding the answer it gave. A replay of the key (a lost answer, an offline queue
 * flushed twice) returns that answer and changes nothing. Pruned after 30 days (decision 071).
 */
export const idempotentWrites = pgTable(
  'idempotent_writes',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    /** The procedure and a hash of its input: the same key for another call is refused. */
    operation: text('operation').notNull(),
    requestHash: text('request_hash').notNull(),
    response: jsonb('response'),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.key] }),
    index('idempotent_writes_user_created_idx').on(t.userId, t.createdAt),
  ],
);

// ─── Calendar feed (issue 14, decision 141) ─────────────────────────────────────────────────────

/**
 * A user's private calendar feed: at most one per user. Only the SHA-256 of the secret token in
 * the feed URL is kept, so a leaked table cannot read anyone's calendar; regenerating replaces the
 * row (the old URL stops working at once), deleting it turns the feed off.
 */
export const calendarFeeds = pgTable(
  'calendar_feeds',
  {
    userId: uuid('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** base64url SHA-256 of the URL's token. */
    tokenHash: text('token_hash').notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('calendar_feeds_token_hash_unique').on(t.tokenHash)],
);

// ─── Care circle: caregivers (issue 14, decision 140) ───────────────────────────────────────────

/**
 * An invitation to become someone's caregiver. The link carries a signed token; only its SHA-256 is
 * stored, and accepting consumes it (accepted_at) in the transaction that creates the link, so a
 * link works once. The permissions chosen at invitation become the link's.
 */
export const careInvitations = pgTable(
  'care_invitations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    patientId: uuid('patient_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** Trimmed and lower-cased; only the account with this email may accept. */
    email: text('email').notNull(),
    tokenHash: text('token_hash').notNull(),
    canSeeMedicines: boolean('can_see_medicines').notNull().default(false),
    missedDoseAlerts: boolean('missed_dose_alerts').notNull().default(true),
    missedDelayMinutes: integer('missed_delay_minutes').notNull().default(60),
    refillAlerts: boolean('refill_alerts').notNull().default(false),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    acceptedAt: timestamp('accepted_at', { withTimezone: true, mode: 'date' }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('care_invitations_token_hash_unique').on(t.tokenHash),
    index('care_invitations_patient_idx').on(t.patientId),
  ],
);

/** A caregiver of a patient, with what they may see and when they are alerted. */
export const careLinks = pgTable(
  'care_links',
  {
    patientId: uuid('patient_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    caregiverId: uuid('caregiver_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** false: adherence only; true: also the medicine list. */
    canSeeMedicines: boolean('can_see_medicines').notNull().default(false),
    missedDoseAlerts: boolean('missed_dose_alerts').notNull().default(true),
    /** Minutes after the patient's own "still not taken?" alert before this caregiver is alerted. */
    missedDelayMinutes: integer('missed_delay_minutes').notNull().default(60),
    refillAlerts: boolean('refill_alerts').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.patientId, t.caregiverId] }),
    index('care_links_caregiver_idx').on(t.caregiverId),
  ],
);

// ─── Mail and the account life cycle (issue 52) ─────────────────────────────────────────────────

/**
 * Mail still to send, written in the transaction of what caused it and sent by the reminder
 * workers, never inside a request. A row is leased by `lease_id` until `lease_until`, so one worker
 * sends it; a temporary failure is retried after `available_at` with back-off, a permanent one
 * is recorded (`status` failed). The bodies are erased once the row is sent or failed: a reset link
 * is a secret, and the outbox must not keep it longer than the send needs.
 */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** The account the mail is about (null when it has none, e.g. an invitation's addressee). */
    userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
    /** What the mail is: password-reset, email-verification, care-invitation, … (for metrics). */
    kind: text('kind').notNull(),
    toAddress: text('to_address').notNull(),
    subject: text('subject').notNull(),
    textBody: text('text_body'),
    htmlBody: text('html_body'),
    /** pending | sent | failed. */
    status: text('status').notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    availableAt: timestamp('available_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    leaseId: uuid('lease_id'),
    leaseUntil: timestamp('lease_until', { withTimezone: true, mode: 'date' }),
    lastError: text('last_error'),
    createdAt: createdAt(),
    sentAt: timestamp('sent_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [
    index('mail_outbox_available_idx')
      .on(t.availableAt)
      .where(sql`status = 'pending'`),
    index('mail_outbox_user_idx').on(t.userId),
  ],
);

/**
 * Single-use links mailed to a person: a password reset, an address verification, an email
 * change. Only the SHA-256 of the link's token is kept; using it sets `used_at` in the transaction
 * that acts on it, so a link works once. For an email change, `email` is the new address.
 */
export const accountTokens = pgTable(
  'account_tokens',
  {
    /** base64url SHA-256 of the link's token. */
    tokenHash: text('token_hash').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** password-reset | email-verification | email-change. */
    purpose: text('purpose').notNull(),
    /** The address the link was sent to (trimmed, lower-cased). */
    email: text('email').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true, mode: 'date' }),
    createdAt: createdAt(),
  },
  (t) => [index('account_tokens_user_purpose_idx').on(t.userId, t.purpose)],
);

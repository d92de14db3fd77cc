/**
 * What a person shares: the calendar feed (decision 141) and the care circle (decision 140).
 */
import {
  boolean,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt } from './columns';
import { users } from './account.schema';

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

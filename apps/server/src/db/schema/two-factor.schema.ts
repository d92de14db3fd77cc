/**
 * Two-step sign-in (issue 57): an account's TOTP secret, its single-use recovery codes and the
 * short-lived tickets between a right password and the second factor. Every row goes with its
 * account (FK cascade).
 */
import { bigint, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { createdAt } from './columns';
import { users } from './account.schema';

/**
 * One row per account that started setting up TOTP. `confirmed_at` null: set up but not yet
 * confirmed with a code (not on). The secret is sealed with a key derived from the server's secret
 * (decision 287), and never returned once confirmed.
 */
export const twoFactor = pgTable('two_factor', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  /** AES-256-GCM: base64url iv.ciphertext.tag of the base32 secret. */
  secretSealed: text('secret_sealed').notNull(),
  confirmedAt: timestamp('confirmed_at', { withTimezone: true, mode: 'date' }),
  /** The last 30-second step a code was accepted for: that step and older are refused (replay). */
  lastUsedStep: bigint('last_used_step', { mode: 'number' }),
  createdAt: createdAt(),
});

/** Ten per account, shown once; only the SHA-256 kept; each works once (decision 288). */
export const twoFactorRecoveryCodes = pgTable(
  'two_factor_recovery_codes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** hex SHA-256 of the normalised code (lower case, no dashes or spaces). */
    codeHash: text('code_hash').notNull(),
    usedAt: timestamp('used_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [index('two_factor_recovery_codes_user_idx').on(t.userId, t.codeHash)],
);

/**
 * The second step of a sign-in (decision 286): a right password (or reset link) of an account with
 * two-step sign-in gets a ticket instead of a session; a factor redeems it once, before `expires_at`.
 */
export const signInTickets = pgTable(
  'sign_in_tickets',
  {
    /** hex SHA-256 of the ticket. */
    ticketHash: text('ticket_hash').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The browser's zone from the password step, adopted when the session opens. */
    timezone: text('timezone'),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (t) => [index('sign_in_tickets_user_idx').on(t.userId)],
);

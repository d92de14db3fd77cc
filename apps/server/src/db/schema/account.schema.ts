/**
 * Accounts: people, their sign-in identities and sessions, settings, and the account life cycle's
 * mail and one-time links (issue 52).
 */
import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt } from './columns';

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
    /**
     * Set while an administrator has disabled the account (issue 57, decision 281): no sign-in, no
     * token, no reminder. Null: the account works.
     */
    disabledAt: timestamp('disabled_at', { withTimezone: true, mode: 'date' }),
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
  /** The language chosen for the account (issue 54); null: each device's own. */
  locale: text('locale'),
  /** '12h', '24h', or 'auto' (the language's convention). */
  clock: text('clock').notNull().default('auto'),
  /**
   * The simple screen (issue 54): true on, false off, null never chosen (a new account: the app
   * offers it once). Rows from before it were set to false: their people are not offered it.
   */
  simpleMode: boolean('simple_mode'),
  updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});

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

/**
 * Personal access tokens (issue 59): a user's own revocable, scoped bearer tokens for scripts and
 * apps. Only the SHA-256 of the secret is kept (decision 266); a revoked token's row is deleted.
 */
export const personalAccessTokens = pgTable(
  'personal_access_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** Space-separated, as OAuth writes a scope list: e.g. "read doses:write". */
    scopes: text('scopes').notNull(),
    /** hex SHA-256 of the whole secret (mr_pat_…). */
    tokenHash: text('token_hash').notNull(),
    createdAt: createdAt(),
    /** The last call made with it, written at most once a minute. */
    lastUsedAt: timestamp('last_used_at', { withTimezone: true, mode: 'date' }),
    /** Null: never expires. */
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [
    uniqueIndex('personal_access_tokens_hash_idx').on(t.tokenHash),
    index('personal_access_tokens_user_idx').on(t.userId, t.createdAt),
  ],
);

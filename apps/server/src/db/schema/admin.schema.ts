/**
 * The operator's tables (issue 57): the instance's own settings (the sign-up policy the admin
 * screen chose), the invitations a closed instance registers through, and the append-only record
 * of what administrators did. None holds medicine data.
 */
import { index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { createdAt } from './columns';

/**
 * Settings of the whole instance, one row per key, written from the admin screen or the CLI. A
 * stored value wins over the environment's initial one (decision 282).
 */
export const instanceSettings = pgTable('instance_settings', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull(),
});

/**
 * An invitation to register (SIGNUPS=invite): mailed to `email`, only the SHA-256 of its token kept,
 * used once (`used_at`), and only before `expires_at` (decision 283).
 */
export const signupInvitations = pgTable(
  'signup_invitations',
  {
    /** base64url SHA-256 of the link's token. */
    tokenHash: text('token_hash').primaryKey(),
    /** The invited address (trimmed, lower-cased): only it may register with the link. */
    email: text('email').notNull(),
    /** Who sent it; kept as an address, so the record outlives the account. */
    invitedBy: text('invited_by').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true, mode: 'date' }),
    createdAt: createdAt(),
  },
  (t) => [index('signup_invitations_email_idx').on(t.email)],
);

/**
 * What administrators did (decision 284): who, what, to whom, when. Append-only: a trigger refuses
 * every UPDATE and DELETE, and no foreign key ties it to an account, so deleting the account an
 * action was about keeps the record.
 */
export const adminActions = pgTable(
  'admin_actions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** The administrator's address, or "operator (CLI)" for a command run on the host. */
    actor: text('actor').notNull(),
    /** disable | enable | delete | password-reset | signups | invite. */
    action: text('action').notNull(),
    /** The account's address, or the new policy for `signups`. */
    target: text('target').notNull(),
    at: timestamp('at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (t) => [index('admin_actions_at_idx').on(t.at)],
);

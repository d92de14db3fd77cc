/**
 * Passkeys (WebAuthn, issue 57): the credentials people sign in with, and the single-use challenges
 * the server handed out for a registration or a sign-in still under way (decision 291).
 */
import { bigint, index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt } from './columns';
import { users } from './account.schema';

/** One registered passkey: its public key only (the private key never leaves the authenticator). */
export const passkeys = pgTable(
  'passkeys',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The credential id the authenticator chose, base64url: how an assertion names its passkey. */
    credentialId: text('credential_id').notNull(),
    /** The COSE public key, base64url. */
    publicKey: text('public_key').notNull(),
    /** The signature counter last seen; 0 for authenticators that do not count (synced passkeys). */
    counter: bigint('counter', { mode: 'number' }).notNull(),
    /** How the browser may reach it (usb, internal, hybrid…), space-separated. */
    transports: text('transports').notNull(),
    name: text('name').notNull(),
    createdAt: createdAt(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [
    uniqueIndex('passkeys_credential_idx').on(t.credentialId),
    index('passkeys_user_idx').on(t.userId, t.createdAt),
  ],
);

/**
 * A challenge handed out and not used yet: taken (deleted) by the one answer that uses it, refused
 * after `expires_at`. A registration's belongs to its user; a sign-in's to nobody yet.
 */
export const webauthnChallenges = pgTable(
  'webauthn_challenges',
  {
    /** base64url, as it comes back in the answer's clientDataJSON. */
    challenge: text('challenge').primaryKey(),
    /** 'registration' or 'authentication'. */
    purpose: text('purpose').notNull(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (t) => [index('webauthn_challenges_expires_idx').on(t.expiresAt)],
);

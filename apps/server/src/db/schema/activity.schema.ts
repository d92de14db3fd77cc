/**
 * The account's activity record (issue 57, decision 294) and the devices it has been signed in
 * from (decision 295). Neither holds medicine data.
 */
import { sql } from 'drizzle-orm';
import { index, jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './account.schema';

/**
 * What happened to an account, newest read first, kept 180 days (pruned by retention). Append-only
 * for the application: a trigger refuses every UPDATE; DELETE stays possible for the prune and
 * for the account's own deletion (the cascade).
 */
export const accountActivity = pgTable(
  'account_activity',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    at: timestamp('at', { withTimezone: true, mode: 'date' }).notNull(),
    /** ActivityKind of the contract. */
    kind: text('kind').notNull(),
    /**
     * The caregiver who read (care-read). No foreign key: a caregiver deleting their account must
     * not rewrite the patient's record (the trigger refuses the SET NULL an FK would need); their
     * name and address as they were are in `detail`.
     */
    actorUserId: uuid('actor_user_id'),
    /** "Firefox on Windows": from the user agent, never the user agent itself. */
    device: text('device'),
    /** Truncated: IPv4 /24, IPv6 /48. */
    ip: text('ip'),
    /** Small and typed per kind (the contract's ActivityEntry). */
    detail: jsonb('detail')
      .notNull()
      .default(sql`'{}'::jsonb`),
  },
  (t) => [
    index('account_activity_user_idx').on(t.userId, t.at.desc(), t.id.desc()),
    index('account_activity_at_idx').on(t.at),
  ],
);

/**
 * The devices an account signed in from (decision 295): the SHA-256 of the device cookie, with the
 * label and truncated address that stand for a device sending no cookie. A sign-in from a device
 * not here is a new device.
 */
export const knownDevices = pgTable(
  'known_devices',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** base64url SHA-256 of the `mr_device` cookie. */
    deviceHash: text('device_hash').notNull(),
    device: text('device').notNull(),
    ip: text('ip').notNull(),
    firstSeenAt: timestamp('first_seen_at', { withTimezone: true, mode: 'date' }).notNull(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.deviceHash] }),
    index('known_devices_seen_idx').on(t.lastSeenAt),
  ],
);

/**
 * Packs of medicines and the product numbers (GTINs) a user has named (issue 58, decision 321).
 */
import { sql } from 'drizzle-orm';
import {
  bigint,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './account.schema';
import { medicines, refills } from './medicine.schema';

/**
 * A pack added to a medicine's supply: its pills went in as the refill `refill_id`. Used up (finished
 * or thrown away) it stays, so its serial is still known: the same serial of the same product is
 * never added twice (the unique index, per user). Removed as a mistake, it goes with its refill.
 */
export const medicinePacks = pgTable(
  'medicine_packs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    medicineId: uuid('medicine_id')
      .notNull()
      .references(() => medicines.id, { onDelete: 'cascade' }),
    refillId: uuid('refill_id').references(() => refills.id, { onDelete: 'set null' }),
    gtin: text('gtin'),
    batch: text('batch'),
    serial: text('serial'),
    expiresOn: date('expires_on', { mode: 'string' }),
    pills: integer('pills').notNull(),
    addedAt: timestamp('added_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    /**
     * The order packs were added in, from the database: two packs added in the same millisecond (a
     * batch of scans replayed from the offline queue, a clock held still) still have a first and a
     * second, so the use order and every list of packs is the same on every read (decision 354).
     */
    addedOrder: bigint('added_order', { mode: 'number' }).notNull().generatedAlwaysAsIdentity(),
    usedUpAt: timestamp('used_up_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [
    uniqueIndex('medicine_packs_serial_idx')
      .on(t.userId, t.gtin, t.serial)
      .where(sql`${t.serial} is not null`),
    index('medicine_packs_medicine_idx').on(t.medicineId, t.expiresOn),
    index('medicine_packs_on_hand_idx')
      .on(t.userId, t.expiresOn)
      .where(sql`${t.usedUpAt} is null`),
  ],
);

/** What a product number is for one user: which of their medicines, and how many pills a pack holds. */
export const gtinMappings = pgTable(
  'gtin_mappings',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    gtin: text('gtin').notNull(),
    medicineId: uuid('medicine_id')
      .notNull()
      .references(() => medicines.id, { onDelete: 'cascade' }),
    pillsPerPack: integer('pills_per_pack').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.gtin] }), index('gtin_mappings_medicine_idx').on(t.medicineId)],
);

/**
 * The health journal (issue 56, decision 300): readings stored in their type's canonical unit,
 * the person's own types and per-type preferences, symptoms and the daily mood. Every table hangs
 * off `users` with ON DELETE CASCADE, so deleting an account removes its journal.
 */
import { sql } from 'drizzle-orm';
import {
  check,
  date,
  doublePrecision,
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
import { users } from './account.schema';
import { medicines } from './medicine.schema';

const instant = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
/** The journal's owner: every row goes with the account. */
const ownerId = () =>
  uuid('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' });

/** The person's own numeric types (a waist, a pain score): one value in their own unit text. */
export const measurementTypes = pgTable(
  'measurement_types',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: ownerId(),
    name: text('name').notNull(),
    unit: text('unit').notNull(),
    min: doublePrecision('min').notNull(),
    max: doublePrecision('max').notNull(),
    decimals: integer('decimals').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('measurement_types_user_name_idx').on(t.userId, sql`lower(${t.name})`),
    check('measurement_types_range', sql`${t.min} < ${t.max}`),
  ],
);

/**
 * One reading. `type` is the built-in kind or the own type's id (as text), so one index serves
 * every chart; `value`, `value2`, `value3` are the type's components in order (systolic, diastolic,
 * pulse), canonical and rounded to the component's decimals.
 */
export const measurements = pgTable(
  'measurements',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: ownerId(),
    type: text('type').notNull(),
    customTypeId: uuid('custom_type_id').references(() => measurementTypes.id, { onDelete: 'cascade' }),
    value: doublePrecision('value').notNull(),
    value2: doublePrecision('value2'),
    value3: doublePrecision('value3'),
    /** The unit it was typed in: the canonical values say what it is, this what the person saw. */
    enteredUnit: text('entered_unit').notNull(),
    measuredAt: instant('measured_at').notNull(),
    mealContext: text('meal_context'),
    note: text('note'),
    createdAt: createdAt(),
    updatedAt: instant('updated_at').notNull().defaultNow(),
  },
  (t) => [index('measurements_user_type_at_idx').on(t.userId, t.type, t.measuredAt)],
);

/** A type's display unit and target bands (canonical unit), per person. */
export const measurementPreferences = pgTable(
  'measurement_preferences',
  {
    userId: ownerId(),
    type: text('type').notNull(),
    displayUnit: text('display_unit').notNull(),
    targets: jsonb('targets')
      .$type<{ component: string; low: number | null; high: number | null }[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
  },
  (t) => [primaryKey({ columns: [t.userId, t.type] })],
);

/** Names the person added to the built-in symptom list. */
export const symptomNames = pgTable(
  'symptom_names',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: ownerId(),
    name: text('name').notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('symptom_names_user_name_idx').on(t.userId, sql`lower(${t.name})`)],
);

/** A symptom felt, how badly, and the medicine suspected of it (a side effect). */
export const symptomEntries = pgTable(
  'symptom_entries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: ownerId(),
    symptom: text('symptom').notNull(),
    severity: integer('severity').notNull(),
    note: text('note'),
    // A deleted medicine leaves the entry (the symptom was felt), without the suspicion's link.
    medicineId: uuid('medicine_id').references(() => medicines.id, { onDelete: 'set null' }),
    occurredAt: instant('occurred_at').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('symptom_entries_user_at_idx').on(t.userId, t.occurredAt),
    check('symptom_entries_severity', sql`${t.severity} between 1 and 5`),
  ],
);

/** One mood per person and day (their own calendar's day). */
export const moods = pgTable(
  'moods',
  {
    userId: ownerId(),
    date: date('date', { mode: 'string' }).notNull(),
    mood: integer('mood').notNull(),
    note: text('note'),
    updatedAt: instant('updated_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.date] }), check('moods_mood', sql`${t.mood} between 1 and 5`)],
);

/**
 * A measurement reminder (decision 331): a type's times of day on every day (`days` null) or on
 * chosen weekdays, one per person and type. The engine's 'measure' row (`ref` = this id) fires it.
 * An own type's reminder goes with the type.
 */
export const measurementReminders = pgTable(
  'measurement_reminders',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: ownerId(),
    type: text('type').notNull(),
    customTypeId: uuid('custom_type_id').references(() => measurementTypes.id, { onDelete: 'cascade' }),
    times: text('times').array().notNull(),
    days: integer('days').array(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('measurement_reminders_user_type_idx').on(t.userId, t.type)],
);

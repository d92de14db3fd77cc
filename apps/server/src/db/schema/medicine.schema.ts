/**
 * Medicines and what is recorded of them: the day's taken flags, as-needed intakes, refills, and
 * the offline writes' idempotency keys (issue 12).
 */
import type {
  DoseSchedule,
  DoseSkip,
  DosePostponement,
  FollowUpSettings,
  MedicinePlan,
  PlanChangeKind,
  PlanFieldChange,
} from '@medrem/domain';
import { sql } from 'drizzle-orm';
import {
  boolean,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt } from './columns';
import { users } from './account.schema';

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
    /**
     * The medicine's own follow-up cadence (decision 254), `{ everyMinutes, times }`; null: the
     * user's default (`notifications.followUps`).
     */
    followUps: jsonb('follow_ups').$type<FollowUpSettings>(),
    /** Doses taken (all time) when the current supply started; pills left count from here. */
    takenAtLastRefill: integer('taken_at_last_refill').notNull().default(0),
    lastRefillAt: timestamp('last_refill_at', { withTimezone: true, mode: 'date' }),
    /**
     * Decision 313: the first local day the medicine is no longer taken (stopped, not deleted: its
     * history stays); null while it is taken. Every day rule reads it (the domain's lastCourseDay).
     */
    stoppedOn: date('stopped_on', { mode: 'string' }),
    /** Why it was stopped, in the user's words; null without a reason or while taken. */
    stopReason: text('stop_reason'),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [index('medicines_user_idx').on(t.userId, t.createdAt)],
);

/**
 * The history of a medicine's plan (decision 314): one row per change of dose, schedule, times or
 * pills per dose, and per stop and resume, with the local day it took effect and the whole plan from
 * that day on, so a past day is judged against the plan of that day (decision 315).
 */
export const medicinePlanChanges = pgTable(
  'medicine_plan_changes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    medicineId: uuid('medicine_id')
      .notNull()
      .references(() => medicines.id, { onDelete: 'cascade' }),
    /** The user's local day the change applies from. */
    effectiveOn: date('effective_on', { mode: 'string' }).notNull(),
    kind: text('kind').$type<PlanChangeKind>().notNull(),
    /** What changed, from what to what (empty for the first entry). */
    changes: jsonb('changes')
      .$type<PlanFieldChange[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    /** The plan from `effectiveOn` on, whole. */
    plan: jsonb('plan').$type<MedicinePlan>().notNull(),
    /** A stop's reason, in the user's words. */
    reason: text('reason'),
    createdAt: createdAt(),
  },
  (t) => [index('medicine_plan_changes_medicine_idx').on(t.medicineId, t.effectiveOn, t.createdAt)],
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
    /**
     * Per slot, the dose postponed to a later time of its day (decision 316), null where none. The
     * dose keeps its slot; the engine reminds it at `to` and not at its planned time. Null on rows
     * without one.
     */
    slotPostponed: jsonb('slot_postponed').$type<(DosePostponement | null)[]>(),
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

/**
 * A day's dose record as the API reads it (the spec's taken flags, with when each dose was taken
 * and which were skipped on purpose), and the skip's parts the dose writes take.
 */
import { SKIP_NOTE_MAX, SKIP_REASONS } from '@medrem/domain';
import { z } from 'zod';
import { defineProcedure } from './define-procedure';
import {
  MAX_SLOT_INDEX,
  boundedInt,
  changedAtSchema,
  idSchema,
  idempotencyKeySchema,
  isoDateSchema,
  takenFlagsSchema,
  textSchema,
} from './primitives';
import { EXAMPLE } from './examples';

/** Why a dose was skipped (decision 225): one of a fixed set, so reports can count them. */
export const skipReasonSchema = z
  .enum(SKIP_REASONS, { error: `reason must be one of: ${SKIP_REASONS.join(', ')}.` })
  .meta({ id: 'SkipReason' });

/** The skip's optional note: short, one line of the person's own words. */
export const skipNoteSchema = textSchema('Note')
  .trim()
  .max(SKIP_NOTE_MAX, `Note is too long (at most ${SKIP_NOTE_MAX} characters).`);

export const doseSkipSchema = z
  .object({
    reason: skipReasonSchema.nullable(),
    note: z.string().optional(),
    skippedAt: z.iso.datetime(),
  })
  .meta({ id: 'DoseSkip' });

export const dosePostponementSchema = z
  .object({
    to: z.string().meta({ description: 'The new time, HH:MM, of the dose’s own day in the user’s zone.' }),
    postponedAt: z.iso.datetime(),
  })
  .meta({ id: 'DosePostponement' });

export const takenDaySchema = z
  .object({
    date: z.string(),
    taken: z.string(),
    skipped: z.array(doseSkipSchema.nullable()).optional().meta({
      description:
        'Per slot of `taken`, the dose skipped on purpose with its reason, null where none; present only on a day with a skip. A skipped dose reads 0 in `taken` (not taken). Decisions 225, 226.',
    }),
    postponed: z.array(dosePostponementSchema.nullable()).optional().meta({
      description:
        'Per slot of `taken`, the dose postponed to a later time of the day, null where none; present only on a day with one. The dose is reminded and counted at that time. Decision 316.',
    }),
    takenAt: z.array(z.iso.datetime().nullable()).optional().meta({
      description:
        'Per slot of `taken`, the instant its dose was marked taken (the press on the device, capped at the server’s time; or as corrected), null where no dose is taken or the time is not known (doses recorded before it was kept). Decision 191.',
    }),
  })
  .meta({ id: 'TakenDay' });

/**
 * The medicine's dose-record procedures (the spec's taken flags, ticks, the taken time's
 * correction, skips and history), part of `medicineContract` under their REST paths.
 */
export const doseRecordProcedures = {
  getTaken: defineProcedure({
    method: 'GET',
    path: '/api/medicine/{id}/taken',
    tag: 'doses',
    summary: 'Which doses were taken on a day',
    access: 'bearer',
    scope: 'read',
    errors: { 404: 'No such medicine of yours' },
    input: z.object({ id: idSchema, date: isoDateSchema }),
    output: z.object({ takenDay: takenDaySchema.nullable() }),
  }),
  setTaken: defineProcedure({
    method: 'PUT',
    path: '/api/medicine/{id}/taken',
    tag: 'doses',
    summary: 'Record which doses were taken on a day',
    access: 'bearer',
    scope: 'doses:write',
    errors: { 404: 'No such medicine of yours' },
    example: { id: EXAMPLE.id, date: EXAMPLE.date, taken: '1-0-0', idempotencyKey: EXAMPLE.idempotencyKey },
    input: z.object({
      id: idSchema,
      date: isoDateSchema,
      taken: takenFlagsSchema,
      idempotencyKey: idempotencyKeySchema.optional(),
    }),
    output: z.object({ takenDay: takenDaySchema }),
  }),
  tickDose: defineProcedure({
    method: 'PUT',
    path: '/api/medicine/{id}/dose',
    tag: 'doses',
    summary: 'Record one dose taken or not taken (safe to replay from an offline queue)',
    description:
      'Changes one slot of the day and leaves the others alone. For the same medicine, day and slot the change made last (tickedAt) wins, whatever order changes arrive in; an older one is not applied (applied: false) and the current day is returned. With idempotencyKey a replay returns the first answer.',
    access: 'bearer',
    scope: 'doses:write',
    errors: { 404: 'No such medicine of yours (deleted meanwhile)' },
    example: {
      id: EXAMPLE.id,
      date: EXAMPLE.date,
      slot: 0,
      taken: true,
      tickedAt: EXAMPLE.instant,
      idempotencyKey: EXAMPLE.idempotencyKey,
    },
    input: z.object({
      id: idSchema,
      date: isoDateSchema,
      slot: boundedInt('Slot', 0, MAX_SLOT_INDEX),
      taken: z.boolean({ error: 'taken must be true or false.' }),
      tickedAt: changedAtSchema('tickedAt').optional(),
      idempotencyKey: idempotencyKeySchema.optional(),
    }),
    output: z.object({ takenDay: takenDaySchema, applied: z.boolean() }),
  }),
  correctTakenAt: defineProcedure({
    method: 'PUT',
    path: '/api/medicine/{id}/dose/taken-at',
    tag: 'doses',
    summary: 'Correct when a taken dose was taken',
    description:
      'Sets the instant a dose already marked taken was taken ("taken at…"). Not in the future, and not earlier than the dose’s day starts minus the longest take-early window. Decision 191.',
    access: 'bearer',
    scope: 'doses:write',
    errors: {
      400: 'The dose is not marked taken, or the time is out of bounds',
      404: 'No such medicine of yours',
    },
    example: { id: EXAMPLE.id, date: EXAMPLE.date, slot: 0, takenAt: EXAMPLE.instant },
    input: z.object({
      id: idSchema,
      date: isoDateSchema,
      slot: boundedInt('Slot', 0, MAX_SLOT_INDEX),
      takenAt: z.iso.datetime({ offset: true, error: 'takenAt must be an ISO timestamp.' }),
    }),
    output: z.object({ takenDay: takenDaySchema }),
  }),
  skipDose: defineProcedure({
    method: 'PUT',
    path: '/api/medicine/{id}/dose/skip',
    tag: 'doses',
    summary: 'Skip one dose on purpose, with an optional reason, or take the skip back',
    description:
      'skipped: true records the dose as skipped (not taken: `taken` reads 0 for it) with an optional reason and note; a dose already taken becomes not taken. skipped: false removes the skip. A skipped dose gets no follow-up, missed-dose alert or caregiver alert; taking it later clears the skip. With idempotencyKey a replay returns the first answer. Decision 225.',
    access: 'bearer',
    scope: 'doses:write',
    errors: {
      400: 'Not a dose slot of this medicine that day, a future day, or an unknown reason',
      404: 'No such medicine of yours',
    },
    example: {
      id: EXAMPLE.id,
      date: EXAMPLE.date,
      slot: 2,
      skipped: true,
      reason: 'felt_unwell',
      note: 'Stomach ache',
      idempotencyKey: EXAMPLE.idempotencyKey,
    },
    input: z.object({
      id: idSchema,
      date: isoDateSchema,
      slot: boundedInt('Slot', 0, MAX_SLOT_INDEX),
      skipped: z.boolean({ error: 'skipped must be true or false.' }),
      reason: skipReasonSchema.optional(),
      note: skipNoteSchema.optional(),
      idempotencyKey: idempotencyKeySchema.optional(),
    }),
    output: z.object({ takenDay: takenDaySchema }),
  }),
  history: defineProcedure({
    method: 'GET',
    path: '/api/medicine/{id}/history',
    tag: 'doses',
    summary: 'Taken records in a date range (at most 366 days), ascending',
    access: 'bearer',
    scope: 'read',
    errors: { 404: 'No such medicine of yours' },
    input: z.object({ id: idSchema, from: isoDateSchema, to: isoDateSchema }),
    output: z.object({ takenHistory: z.array(takenDaySchema) }),
  }),
};

/**
 * One dose postponed to a later time of its own day (issue 58, decision 316): the plan unchanged,
 * the dose reminded and counted at its new time.
 */
import { z } from 'zod';
import { defineProcedure } from './define-procedure';
import { takenDaySchema } from './dose-record.contract';
import { EXAMPLE } from './examples';
import { idSchema, idempotencyKeySchema, isoDateSchema, timeSchema } from './primitives';

export const postponeDoseInputSchema = z.object({
  medicineId: idSchema,
  date: isoDateSchema.meta({ description: 'The dose’s day: today in the saved zone.' }),
  plannedTime: timeSchema.meta({
    description: 'The dose’s planned time that day (its slot’s time, or the medicine’s own): which dose.',
  }),
  newTime: timeSchema.nullable().meta({
    description:
      'The new time the same day, later than the planned time and than now; null takes the postponement back.',
  }),
  idempotencyKey: idempotencyKeySchema.optional(),
});

export const dosePostponeProcedures = {
  postponeDose: defineProcedure({
    method: 'POST',
    path: '/api/doses/postpone',
    tag: 'doses',
    summary: 'Postpone one dose to a later time today, or take the postponement back',
    description:
      'Moves one dose of today to a later time the same day without changing the plan: it is reminded at the new time and not at the planned one (follow-ups, the missed-dose alert and caregiver alerts count from the new time), and counted at its new time. Postponing again moves it again; newTime: null takes it back. A dose taken or skipped is settled and cannot be postponed. With idempotencyKey a replay returns the first answer. Decision 316.',
    access: 'bearer',
    scope: 'doses:write',
    errors: {
      400: 'Not a dose of this medicine that day, not today, or a new time not later than the planned time and now (another day)',
      404: 'No such medicine of yours',
      409: 'The dose is already taken or skipped',
    },
    example: {
      medicineId: EXAMPLE.id,
      date: EXAMPLE.date,
      plannedTime: '08:00',
      newTime: '09:30',
      idempotencyKey: EXAMPLE.idempotencyKey,
    },
    input: postponeDoseInputSchema,
    output: z.object({ takenDay: takenDaySchema }),
  }),
};

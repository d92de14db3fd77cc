/**
 * A medicine's life (issue 58): stopped with a date and a reason instead of deleted, resumed, and
 * the history of its plan's changes (decisions 313–315).
 */
import { PLAN_FIELDS } from '@medrem/domain';
import { z } from 'zod';
import { defineProcedure } from './define-procedure';
import { EXAMPLE } from './examples';
import { medicineSchema } from './medicine.contract';
import { idSchema, isoDateSchema, textSchema, timestampSchema } from './primitives';
import { doseScheduleSchema } from './schedule.contract';

export const STOP_REASON_MAX = 200;

const stopReason = textSchema('Reason')
  .trim()
  .max(STOP_REASON_MAX, `Reason is too long (at most ${STOP_REASON_MAX} characters).`);

export const stopMedicineInputSchema = z.object({
  id: idSchema,
  stoppedOn: isoDateSchema.meta({
    description:
      'The first day it is no longer taken, in the saved zone: from today back to the day after its last dose taken or its last plan change; a later day plans the stop.',
  }),
  reason: stopReason.optional().meta({ description: 'Why it was stopped (optional, one line).' }),
});

export const medicinePlanSchema = z
  .object({
    dosage: z.string(),
    frequency: z.string(),
    schedule: doseScheduleSchema.nullable(),
    doseTimes: z.array(z.string()).nullable(),
    pillsPerDose: z.number().int(),
    stopped: z.boolean(),
  })
  .meta({ id: 'MedicinePlan', description: 'The plan from the entry’s day on, whole.' });

export const planChangeSchema = z
  .object({
    id: z.uuid(),
    effectiveOn: z.string().meta({ description: 'The local day the change applies from.' }),
    kind: z.enum(['start', 'change', 'stop', 'resume']).meta({
      description: 'start: the first plan known; change: an edit; stop and resume.',
    }),
    changes: z.array(
      z.object({
        field: z.enum(PLAN_FIELDS),
        from: z.string(),
        to: z.string(),
        text: z.string().meta({ example: 'Dose: 5 mg → 10 mg' }),
      }),
    ),
    plan: medicinePlanSchema,
    reason: z.string().nullable(),
    recordedAt: timestampSchema,
  })
  .meta({ id: 'PlanChange' });
export type PlanChange = z.infer<typeof planChangeSchema>;

const ALREADY = 'It is stopped already, or taken already (resume)';

export const medicineLifeProcedures = {
  stop: defineProcedure({
    method: 'POST',
    path: '/api/medicine/{id}/stop',
    tag: 'medicines',
    summary: 'Stop taking a medicine from a date, keeping its history',
    description:
      'From stoppedOn on it has no dose: no reminder, not on the dashboard, nothing missed; its doses, reports and exports stay (decision 313). Refused when a dose was taken on or after stoppedOn, or stoppedOn is before its last plan change.',
    access: 'bearer',
    scope: 'medicines:write',
    errors: { 400: 'stoppedOn out of range', 404: 'No such medicine of yours', 409: ALREADY },
    example: { id: EXAMPLE.id, stoppedOn: EXAMPLE.date, reason: 'Doctor’s advice' },
    input: stopMedicineInputSchema,
    output: medicineSchema,
  }),
  resume: defineProcedure({
    method: 'POST',
    path: '/api/medicine/{id}/resume',
    tag: 'medicines',
    summary: 'Take a stopped medicine again from today',
    description: 'A stop planned for a later day is cancelled instead.',
    access: 'bearer',
    scope: 'medicines:write',
    errors: { 404: 'No such medicine of yours', 409: 'It is not stopped' },
    example: { id: EXAMPLE.id },
    input: z.object({ id: idSchema }),
    output: medicineSchema,
  }),
  historyOfChanges: defineProcedure({
    method: 'GET',
    path: '/api/medicine/{id}/history-of-changes',
    tag: 'medicines',
    summary: 'The changes of a medicine’s plan, oldest first',
    description:
      'Each change of dose, schedule, times or pills per dose, and each stop and resume, with the day it applies from (decision 314).',
    access: 'bearer',
    scope: 'read',
    errors: { 404: 'No such medicine of yours' },
    input: z.object({ id: idSchema }),
    output: z.object({ changes: z.array(planChangeSchema) }),
  }),
};

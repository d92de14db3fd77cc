/**
 * The health journal (issue 56) under /api/journal: measurements, the person's own types and
 * per-type preferences, and the chart's series. Symptoms and mood: journal-symptoms.contract.ts.
 * Reads take `patientId` for a caregiver reading the person they care for (decision 303).
 */
import { z } from 'zod';
import { defineProcedure } from './define-procedure';
import { checkReportRange } from './doctor-report.contract';
import { EXAMPLE } from './examples';
import { journalReminderProcedures } from './journal-reminders.contract';
import { journalSymptomProcedures } from './journal-symptoms.contract';
import {
  customTypeInputSchema,
  instantSchema,
  journalNoteSchema,
  mealContextSchema,
  patientIdSchema,
  measurementEntrySchema,
  measurementTypeRefSchema,
  measurementTypeSchema,
  measurementValuesSchema,
  seriesSchema,
  targetSchema,
  unitSchema,
} from './journal-schemas.contract';
import { idSchema, idempotencyKeySchema, isoDateSchema, successSchema } from './primitives';

export * from './journal-schemas.contract';
export * from './journal-symptoms.contract';
export * from './journal-reminders.contract';

const TAG = 'journal';
const readErrors = { 404: 'No such entry or type of yours, or you are not this person’s caregiver' };

const measurementFields = {
  values: measurementValuesSchema,
  unit: unitSchema,
  measuredAt: instantSchema('measuredAt'),
  mealContext: mealContextSchema.nullable().optional(),
  note: journalNoteSchema.nullable().optional(),
};
const EXAMPLE_READING = {
  values: { systolic: 128, diastolic: 82, pulse: 64 },
  unit: 'mm[Hg]',
  measuredAt: EXAMPLE.instant,
  note: 'After a walk',
};

const rangeInput = z
  .object({
    from: isoDateSchema,
    to: isoDateSchema,
    type: measurementTypeRefSchema.optional(),
    patientId: patientIdSchema.optional(),
  })
  .superRefine(checkReportRange);

export const journalContract = {
  types: defineProcedure({
    method: 'GET',
    path: '/api/journal/types',
    tag: TAG,
    summary: 'Every measurement type (built-in and own) with its units, limits and the person’s preferences',
    access: 'bearer',
    scope: 'read',
    errors: readErrors,
    input: z.object({ patientId: patientIdSchema.optional() }),
    output: z.object({ types: z.array(measurementTypeSchema) }),
  }),
  createType: defineProcedure({
    method: 'POST',
    path: '/api/journal/types',
    tag: TAG,
    summary: 'Add an own numeric measurement type (name, unit text, physical range, decimals)',
    access: 'bearer',
    scope: 'journal:write',
    successStatus: 201,
    errors: { 409: 'A type of yours already has this name, or you have the most types allowed' },
    example: { name: 'Waist', unit: 'cm', min: 30, max: 250, decimals: 1 },
    input: z.object(customTypeInputSchema),
    output: z.object({ type: measurementTypeSchema }),
  }),
  updateType: defineProcedure({
    method: 'PUT',
    path: '/api/journal/types/{id}',
    tag: TAG,
    summary: 'Rename an own type or change its unit text, range or decimals',
    description: 'A narrower range is refused while a stored reading lies outside it.',
    access: 'bearer',
    scope: 'journal:write',
    errors: { 404: 'No such type of yours', 409: 'A type of yours already has this name' },
    example: { id: EXAMPLE.id, name: 'Waist', unit: 'cm', min: 30, max: 250, decimals: 1 },
    input: z.object({ id: idSchema, ...customTypeInputSchema }),
    output: z.object({ type: measurementTypeSchema }),
  }),
  deleteType: defineProcedure({
    method: 'DELETE',
    path: '/api/journal/types/{id}',
    tag: TAG,
    summary: 'Delete an own type and every reading of it',
    access: 'bearer',
    scope: 'journal:write',
    errors: { 404: 'No such type of yours' },
    input: z.object({ id: idSchema }),
    output: successSchema,
  }),
  setPreferences: defineProcedure({
    method: 'PUT',
    path: '/api/journal/types/{type}/preferences',
    tag: TAG,
    summary: 'Choose a type’s display unit and target range',
    description: 'Targets are given in the canonical unit, one per component; an empty list clears them.',
    access: 'bearer',
    scope: 'journal:write',
    errors: { 404: 'No such type of yours' },
    example: {
      type: 'blood-pressure',
      displayUnit: 'mm[Hg]',
      targets: [
        { component: 'systolic', low: 90, high: 135 },
        { component: 'diastolic', low: 60, high: 85 },
      ],
    },
    input: z.object({
      type: measurementTypeRefSchema,
      displayUnit: unitSchema,
      targets: z.array(targetSchema).max(3, 'At most one target per value.'),
    }),
    output: z.object({ type: measurementTypeSchema }),
  }),
  measurements: defineProcedure({
    method: 'GET',
    path: '/api/journal/measurements',
    tag: TAG,
    summary: 'Readings in a range of days (at most 366), newest first; of one type when given',
    access: 'bearer',
    scope: 'read',
    errors: readErrors,
    input: rangeInput,
    output: z.object({ measurements: z.array(measurementEntrySchema) }),
  }),
  createMeasurement: defineProcedure({
    method: 'POST',
    path: '/api/journal/measurements',
    tag: TAG,
    summary: 'Record a reading, typed in any unit of its type; stored in the canonical unit',
    description:
      'Refused (400, nothing stored) when a value is outside physical limits, the systolic is not above the diastolic, the unit is not one of the type’s, or measuredAt is more than 5 minutes ahead. With idempotencyKey a replay returns the first answer.',
    access: 'bearer',
    scope: 'journal:write',
    successStatus: 201,
    errors: { 404: 'No such type of yours' },
    example: { type: 'blood-pressure', ...EXAMPLE_READING, idempotencyKey: EXAMPLE.idempotencyKey },
    input: z.object({
      type: measurementTypeRefSchema,
      ...measurementFields,
      idempotencyKey: idempotencyKeySchema.optional(),
    }),
    output: z.object({ measurement: measurementEntrySchema }),
  }),
  updateMeasurement: defineProcedure({
    method: 'PUT',
    path: '/api/journal/measurements/{id}',
    tag: TAG,
    summary: 'Correct a reading (its type stays)',
    access: 'bearer',
    scope: 'journal:write',
    errors: { 404: 'No such reading of yours' },
    example: { id: EXAMPLE.id, ...EXAMPLE_READING, idempotencyKey: EXAMPLE.idempotencyKey },
    input: z.object({ id: idSchema, ...measurementFields, idempotencyKey: idempotencyKeySchema.optional() }),
    output: z.object({ measurement: measurementEntrySchema }),
  }),
  deleteMeasurement: defineProcedure({
    method: 'DELETE',
    path: '/api/journal/measurements/{id}',
    tag: TAG,
    summary: 'Delete a reading',
    access: 'bearer',
    scope: 'journal:write',
    errors: { 404: 'No such reading of yours' },
    input: z.object({ id: idSchema }),
    output: successSchema,
  }),
  series: defineProcedure({
    method: 'GET',
    path: '/api/journal/series',
    tag: TAG,
    summary:
      'One type’s chart over a range: readings or daily min/mean/max, the target, and a medicine’s adherence',
    description:
      'One answer for the whole chart (decision 301): every reading for ranges up to 92 days, else daily min/mean/max; numbers in the person’s display unit; with medicineId that medicine’s due and taken doses per day on the same days.',
    access: 'bearer',
    scope: 'read',
    errors: { 404: 'No such type or medicine of yours, or you are not this person’s caregiver' },
    input: z
      .object({
        type: measurementTypeRefSchema,
        from: isoDateSchema,
        to: isoDateSchema,
        medicineId: idSchema.optional(),
        patientId: patientIdSchema.optional(),
      })
      .superRefine(checkReportRange),
    output: seriesSchema,
  }),
  ...journalSymptomProcedures,
  ...journalReminderProcedures,
};

/** The journal's range reads share this shape (the web's query keys too). */
export type JournalRangeInput = z.input<typeof rangeInput>;
export const journalRangeInputSchema = rangeInput;

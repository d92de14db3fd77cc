/**
 * The journal's symptoms, suspected side effects and daily mood (issue 56), part of
 * `journalContract` under /api/journal.
 */
import { z } from 'zod';
import { defineProcedure } from './define-procedure';
import { checkReportRange } from './doctor-report.contract';
import { EXAMPLE } from './examples';
import {
  instantSchema,
  journalNoteSchema,
  moodEntrySchema,
  moodSchema,
  patientIdSchema,
  severitySchema,
  symptomEntrySchema,
  symptomNameEntrySchema,
  symptomNameSchema,
} from './journal-schemas.contract';
import { idSchema, idempotencyKeySchema, isoDateSchema, successSchema } from './primitives';

const TAG = 'journal';
const patientId = patientIdSchema.optional();
const rangeInput = z
  .object({ from: isoDateSchema, to: isoDateSchema, patientId })
  .superRefine(checkReportRange);
const readErrors = { 404: 'You are not this person’s caregiver' };

const symptomFields = {
  symptom: symptomNameSchema.meta({ description: 'A name from the person’s symptom list.' }),
  severity: severitySchema,
  occurredAt: instantSchema('occurredAt'),
  note: journalNoteSchema.nullable().optional(),
  medicineId: idSchema
    .nullable()
    .optional()
    .meta({ description: 'A medicine of yours suspected of causing it.' }),
};
const EXAMPLE_SYMPTOM = {
  symptom: 'Dizziness',
  severity: 2,
  occurredAt: EXAMPLE.instant,
  note: 'On standing up',
  medicineId: EXAMPLE.id,
};

export const journalSymptomProcedures = {
  symptomNames: defineProcedure({
    method: 'GET',
    path: '/api/journal/symptom-names',
    tag: TAG,
    summary: 'The person’s symptom list: the built-in names, then their own',
    access: 'bearer',
    scope: 'read',
    errors: readErrors,
    input: z.object({ patientId }),
    output: z.object({ names: z.array(symptomNameEntrySchema) }),
  }),
  addSymptomName: defineProcedure({
    method: 'POST',
    path: '/api/journal/symptom-names',
    tag: TAG,
    summary: 'Add a name of one’s own to the symptom list',
    access: 'bearer',
    scope: 'journal:write',
    successStatus: 201,
    errors: { 409: 'The list already has this name (any case), or holds the most names allowed' },
    example: { name: 'Dry mouth' },
    input: z.object({ name: symptomNameSchema }),
    output: z.object({ name: symptomNameEntrySchema }),
  }),
  deleteSymptomName: defineProcedure({
    method: 'DELETE',
    path: '/api/journal/symptom-names/{id}',
    tag: TAG,
    summary: 'Remove an own name from the list (entries already made keep it)',
    access: 'bearer',
    scope: 'journal:write',
    errors: { 404: 'No such name of yours' },
    input: z.object({ id: idSchema }),
    output: successSchema,
  }),
  symptoms: defineProcedure({
    method: 'GET',
    path: '/api/journal/symptoms',
    tag: TAG,
    summary: 'Symptom entries in a range of days (at most 366), newest first',
    access: 'bearer',
    scope: 'read',
    errors: readErrors,
    input: rangeInput,
    output: z.object({ symptoms: z.array(symptomEntrySchema) }),
  }),
  createSymptom: defineProcedure({
    method: 'POST',
    path: '/api/journal/symptoms',
    tag: TAG,
    summary: 'Record a symptom: a name from the list, severity 1–5, optionally a suspected medicine',
    description: 'With idempotencyKey a replay returns the first answer.',
    access: 'bearer',
    scope: 'journal:write',
    successStatus: 201,
    errors: { 404: 'No such medicine of yours' },
    example: { ...EXAMPLE_SYMPTOM, idempotencyKey: EXAMPLE.idempotencyKey },
    input: z.object({ ...symptomFields, idempotencyKey: idempotencyKeySchema.optional() }),
    output: z.object({ symptom: symptomEntrySchema }),
  }),
  updateSymptom: defineProcedure({
    method: 'PUT',
    path: '/api/journal/symptoms/{id}',
    tag: TAG,
    summary: 'Correct a symptom entry',
    access: 'bearer',
    scope: 'journal:write',
    errors: { 404: 'No such entry or medicine of yours' },
    example: { id: EXAMPLE.otherId, ...EXAMPLE_SYMPTOM, idempotencyKey: EXAMPLE.idempotencyKey },
    input: z.object({ id: idSchema, ...symptomFields, idempotencyKey: idempotencyKeySchema.optional() }),
    output: z.object({ symptom: symptomEntrySchema }),
  }),
  deleteSymptom: defineProcedure({
    method: 'DELETE',
    path: '/api/journal/symptoms/{id}',
    tag: TAG,
    summary: 'Delete a symptom entry',
    access: 'bearer',
    scope: 'journal:write',
    errors: { 404: 'No such entry of yours' },
    input: z.object({ id: idSchema }),
    output: successSchema,
  }),
  moods: defineProcedure({
    method: 'GET',
    path: '/api/journal/moods',
    tag: TAG,
    summary: 'The daily mood over a range of days (at most 366), oldest first',
    access: 'bearer',
    scope: 'read',
    errors: readErrors,
    input: rangeInput,
    output: z.object({ moods: z.array(moodEntrySchema) }),
  }),
  setMood: defineProcedure({
    method: 'PUT',
    path: '/api/journal/moods/{date}',
    tag: TAG,
    summary: 'Set the day’s mood (one per day: a second call replaces it)',
    description: 'The date is a day of the person’s own calendar, not after their today.',
    access: 'bearer',
    scope: 'journal:write',
    errors: { 400: 'A day after today' },
    example: { date: EXAMPLE.date, mood: 4, note: 'Slept well', idempotencyKey: EXAMPLE.idempotencyKey },
    input: z.object({
      date: isoDateSchema,
      mood: moodSchema,
      note: journalNoteSchema.nullable().optional(),
      idempotencyKey: idempotencyKeySchema.optional(),
    }),
    output: z.object({ mood: moodEntrySchema }),
  }),
  deleteMood: defineProcedure({
    method: 'DELETE',
    path: '/api/journal/moods/{date}',
    tag: TAG,
    summary: 'Remove the day’s mood',
    access: 'bearer',
    scope: 'journal:write',
    errors: { 404: 'No mood recorded that day' },
    input: z.object({ date: isoDateSchema }),
    output: successSchema,
  }),
};

import { z } from 'zod';
import { defineProcedure } from './define-procedure';
import { doseRecordProcedures } from './dose-record.contract';
import {
  LIMITS,
  boundedInt,
  changedAtSchema,
  emailSchema,
  doseTimesSchema,
  frequencyForOwnTimes,
  frequencyForSchedule,
  frequencySchema,
  idSchema,
  idempotencyKeySchema,
  isoDateSchema,
  successSchema,
  textSchema,
  timeSchema,
  timestampSchema,
} from './primitives';
import { asNeededIntakeSchema, doseScheduleSchema } from './schedule.contract';
import { followUpSettingsSchema } from './settings.contract';
import { EXAMPLE, EXAMPLE_MEDICINE } from './examples';

const FOLLOW_UPS_SHAPE = 'followUps must be null (use my default) or { everyMinutes, times }.';
/** Decision 254: a medicine's own follow-up cadence; null or absent, the user's default. */
const medicineFollowUpsSchema = z
  .object(followUpSettingsSchema.shape, { error: FOLLOW_UPS_SHAPE })
  .meta({ id: 'MedicineFollowUps' });

export const medicineSchema = z
  .object({
    id: z.uuid(),
    userEmail: z.string(),
    name: z.string(),
    dosage: z.string(),
    frequency: z.string(),
    startDate: z.string(),
    scheduledTimes: z.array(z.string()),
    durationDays: z.number().int(),
    originalDurationDays: z.number().int(),
    instructions: z.string(),
    totalPills: z.number().int(),
    originalTotalPills: z.number().int(),
    pillsPerDose: z.number().int(),
    dosesPerDay: z.number().int(),
    reminders: z.array(z.object({ times: z.array(z.string()) })),
    schedule: doseScheduleSchema
      .nullable()
      .meta({ description: 'null: every day at the default times, as frequency says.' }),
    doseTimes: z.array(z.string()).optional().meta({
      description:
        'The medicine’s own times of day (decision 212), ascending; absent when it follows the default reminder times.',
    }),
    followUps: medicineFollowUpsSchema.optional().meta({
      description:
        'The medicine’s own follow-up cadence (decision 254): every everyMinutes, up to times (0: none for this medicine); absent when it follows the user’s default (Settings → Notifications).',
    }),
    stoppedOn: z.string().optional().meta({
      description:
        'The first day it is no longer taken (decision 313); absent while it is taken. A stopped medicine keeps its history.',
    }),
    stopReason: z.string().optional().meta({ description: 'Why it was stopped, when given.' }),
    courseEndDate: z.string().meta({ description: 'startDate + originalDurationDays − 1' }),
    pillsLeft: z.number().int(),
    daysLeft: z.number().int(),
    lastRefillAt: timestampSchema.nullable(),
    createdAt: timestampSchema,
    updatedAt: timestampSchema,
  })
  .meta({ id: 'Medicine' });
export type Medicine = z.infer<typeof medicineSchema>;

const medicineName = textSchema('Name', { error: 'Name is required.' })
  .trim()
  .min(1, 'Name is required.')
  .max(LIMITS.medicineName, 'Name is too long (at most 120 characters).');
const dosage = textSchema('Dosage').trim().max(LIMITS.dosage, 'Dosage is too long (at most 60 characters).');
const instructions = textSchema('Instructions', { multiline: true })
  .trim()
  .max(LIMITS.instructions, 'Instructions are too long (at most 1000 characters).');
const days = (label: string) => boundedInt(label, 1, LIMITS.maxDays);
const pills = (label: string) => boundedInt(label, 1, LIMITS.maxPills);

/** Fields the spec's client sends but the server derives itself; accepted and ignored. */
const derivedByServer = {
  scheduledTimes: z
    .array(timeSchema)
    .max(8)
    .optional()
    .meta({ description: 'Ignored: derived from frequency.' }),
  originalTotalPills: z.number().optional().meta({ description: 'Ignored: derived by the server.' }),
  dosesPerDay: z.number().optional().meta({ description: 'Ignored: derived by the server.' }),
};

export const medicineFieldsSchema = z.object({
  name: medicineName,
  dosage: dosage.default(''),
  frequency: frequencySchema,
  startDate: isoDateSchema,
  durationDays: days('Duration'),
  originalDurationDays: days('Total duration'),
  instructions: instructions.default(''),
  totalPills: pills('Total pills'),
  pillsPerDose: boundedInt('Pills per dose', 1, LIMITS.maxPillsPerDose),
  schedule: doseScheduleSchema.nullable().optional().meta({
    description:
      'Left out: unchanged on update, daily on create. null or daily: every day at the default times.',
  }),
  doseTimes: doseTimesSchema
    .nullable()
    .optional()
    .meta({
      description:
        'The medicine’s own times of day, "HH:MM" ascending, each once (decision 212); frequency then has one 1 per time ("1-1" for two). Left out: unchanged on update, the default reminder times on create. null: the default reminder times.',
      example: ['07:00', '15:00', '23:00'],
    }),
  followUps: medicineFollowUpsSchema
    .nullable()
    .optional()
    .meta({
      description:
        'The medicine’s own follow-up cadence (decision 254): every everyMinutes (5–60) up to times (0–6; 0: no follow-ups for this medicine). Left out: unchanged on update, the user’s default on create. null: the user’s default.',
      example: { everyMinutes: 5, times: 2 },
    }),
});
export type MedicineFields = z.infer<typeof medicineFieldsSchema>;

export const createMedicineInputSchema = medicineFieldsSchema
  .extend({ userEmail: emailSchema, ...derivedByServer })
  .superRefine(frequencyForSchedule('daily'))
  .superRefine(frequencyForOwnTimes);

/** On update, dosage and instructions left out keep their stored values. */
export const updateMedicineInputSchema = medicineFieldsSchema
  .extend({
    id: idSchema,
    dosage: dosage.optional(),
    instructions: instructions.optional(),
    ...derivedByServer,
  })
  .superRefine(frequencyForSchedule('stored'))
  .superRefine(frequencyForOwnTimes);

const idInput = z.object({ id: idSchema });

export const refillReminderSchema = z
  .object({
    id: z.uuid(),
    name: z.string(),
    pillsLeft: z.number().int(),
    daysLeft: z.number().int(),
    packPills: z.number().int().meta({
      description: 'The pills a refill adds when none are given: a pack (decision 182).',
    }),
  })
  .meta({ id: 'RefillReminder' });
export type RefillReminder = z.infer<typeof refillReminderSchema>;

export const medicineContract = {
  list: defineProcedure({
    method: 'GET',
    path: '/api/medicine/user/{userEmail}',
    tag: 'medicines',
    summary: 'The user’s medicines',
    access: 'bearer',
    scope: 'read',
    errors: { 403: 'Not your medicines' },
    input: z.object({ userEmail: emailSchema }),
    output: z.object({ findMedicine: z.array(medicineSchema) }),
  }),
  get: defineProcedure({
    method: 'GET',
    path: '/api/medicine/{id}',
    tag: 'medicines',
    summary: 'One medicine',
    access: 'bearer',
    scope: 'read',
    errors: { 404: 'No such medicine of yours' },
    input: idInput,
    output: medicineSchema,
  }),
  create: defineProcedure({
    method: 'POST',
    path: '/api/medicine',
    tag: 'medicines',
    summary: 'Add a medicine',
    description:
      'scheduledTimes, dosesPerDay and originalTotalPills are derived from frequency and the user’s default reminder times.',
    access: 'bearer',
    scope: 'medicines:write',
    successStatus: 201,
    errors: { 403: 'userEmail is not yours' },
    example: { userEmail: EXAMPLE.email, ...EXAMPLE_MEDICINE },
    input: createMedicineInputSchema,
    output: medicineSchema,
  }),
  update: defineProcedure({
    method: 'PUT',
    path: '/api/medicine/{id}',
    tag: 'medicines',
    summary: 'Update a medicine',
    access: 'bearer',
    scope: 'medicines:write',
    errors: { 404: 'No such medicine of yours' },
    example: { id: EXAMPLE.id, ...EXAMPLE_MEDICINE, totalPills: 90 },
    input: updateMedicineInputSchema,
    output: medicineSchema,
  }),
  delete: defineProcedure({
    method: 'DELETE',
    path: '/api/medicine/{id}',
    tag: 'medicines',
    summary: 'Delete a medicine and its history',
    access: 'bearer',
    scope: 'medicines:write',
    errors: { 404: 'No such medicine of yours' },
    input: idInput,
    output: successSchema.extend({ id: z.uuid() }),
  }),
  // The day records of a medicine's doses (tag "doses"): dose-record.contract.ts.
  ...doseRecordProcedures,
  refill: defineProcedure({
    method: 'PATCH',
    path: '/api/medicine/{id}/refill',
    tag: 'refills',
    summary: 'Add the pills of a refill to what is left (dose history is kept)',
    description:
      'The pills added (pills) are added to the pills left: 18 left and a box of 20 make 38. Without pills (the spec’s call with no body), a pack is added: what the last refill added, or before any refill the supply entered (totalPills). Decision 182.',
    access: 'bearer',
    scope: 'medicines:write',
    errors: { 404: 'No such medicine of yours' },
    example: { id: EXAMPLE.id, pills: 30 },
    input: z.object({
      id: idSchema,
      pills: pills('Pills').optional().meta({ description: 'How many pills were added.' }),
    }),
    output: medicineSchema,
  }),
  takeAsNeeded: defineProcedure({
    method: 'POST',
    path: '/api/medicine/{id}/as-needed',
    tag: 'doses',
    summary: 'Record an as-needed dose, within its safety limits unless overridden',
    description:
      'Refused (409, data.reason AS_NEEDED_LIMIT) when the dose would exceed the maximum in any 24 hours or come within the minimum interval of another dose, before or after it (a dose recorded late is judged against later ones too, decision 180); the message says when it becomes allowed. With override: true it is recorded and marked. A retry with the same idempotencyKey answers the first answer, also when takenAt was left to the server (decision 181).',
    access: 'bearer',
    scope: 'doses:write',
    successStatus: 201,
    errors: {
      404: 'No such medicine of yours',
      409: 'A safety limit would be passed (data.reason AS_NEEDED_LIMIT)',
    },
    example: { id: EXAMPLE.id, takenAt: EXAMPLE.instant, idempotencyKey: EXAMPLE.idempotencyKey },
    input: z.object({
      id: idSchema,
      takenAt: changedAtSchema('takenAt').optional(),
      override: z.boolean().default(false),
      idempotencyKey: idempotencyKeySchema.optional(),
    }),
    output: asNeededIntakeSchema,
  }),
  asNeededLog: defineProcedure({
    method: 'GET',
    path: '/api/medicine/{id}/as-needed',
    tag: 'doses',
    summary: 'As-needed intakes in a date range of the saved zone (at most 366 days), ascending',
    access: 'bearer',
    scope: 'read',
    errors: { 404: 'No such medicine of yours' },
    input: z.object({ id: idSchema, from: isoDateSchema, to: isoDateSchema }),
    output: z.object({ intakes: z.array(asNeededIntakeSchema) }),
  }),
  refillReminders: defineProcedure({
    method: 'GET',
    path: '/api/refill-reminders',
    tag: 'refills',
    summary: 'Active medicines with 7 or fewer days of supply left',
    access: 'bearer',
    scope: 'read',
    errors: { 403: 'Not your medicines' },
    input: z.object({ userEmail: emailSchema }),
    output: z.array(refillReminderSchema),
  }),
};

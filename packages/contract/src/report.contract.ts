import { MEASUREMENT_KINDS, MONTH_PATTERN } from '@medrem/domain';
import { z } from 'zod';
import { defineProcedure } from './define-procedure';
import { checkReportRange, doctorReportSchema } from './doctor-report.contract';
import { measurementTypeRefSchema } from './journal-schemas.contract';
import { adherenceRateSchema, emailSchema, isoDateSchema, textSchema } from './primitives';

const rate = adherenceRateSchema;
const doseCount = { due: z.number().int(), taken: z.number().int(), rate };

export const monthAggregatesSchema = z
  .object({
    month: z.string().meta({ description: 'YYYY-MM' }),
    today: z.string().meta({ description: "The caller's today in their time zone" }),
    totals: z.object({
      ...doseCount,
      missed: z
        .number()
        .int()
        .nullable()
        .meta({ description: 'due − taken − skipped; null when nothing was due' }),
      skipped: z.number().int().meta({
        description: 'Due doses skipped on purpose (decision 225): not taken, and not missed',
      }),
    }),
    days: z.array(
      z.object({
        date: z.string(),
        ...doseCount,
        skipped: z.number().int().meta({
          description: 'Due doses skipped on purpose (decision 225): not taken, and not missed',
        }),
        status: z.enum(['all', 'some', 'none', 'no-doses', 'future']),
      }),
    ),
    medicines: z.array(z.object({ medicineId: z.uuid(), name: z.string(), ...doseCount })),
    slots: z.array(
      z.object({ slot: z.number().int(), name: z.string(), time: z.string().nullable(), ...doseCount }),
    ),
    trend: z.array(z.object({ month: z.string(), ...doseCount })),
    asNeeded: z
      .array(
        z.object({
          medicineId: z.uuid(),
          name: z.string(),
          taken: z.number().int(),
          overrides: z.number().int().meta({ description: 'Doses taken past a safety limit' }),
        }),
      )
      .meta({
        description: 'As-needed medicines: never due, so outside the rates; their intakes this month.',
      }),
  })
  .meta({ id: 'MonthAggregates' });
export type MonthAggregatesView = z.infer<typeof monthAggregatesSchema>;

export const monthSchema = z
  .string({ error: 'Month is required.' })
  .regex(MONTH_PATTERN, 'Month must be YYYY-MM, e.g. 2026-11.')
  // The trend reaches five months back: a year 0000 would ask the database for year −1.
  .refine((month) => month >= '1900-01', 'Month must be YYYY-MM from 1900-01 on.');

/** Journal types for the doctor's report, comma-separated: built-in kinds or own types' ids. */
const reportMeasurementsSchema = textSchema('measurements')
  .max(400, 'measurements names at most 10 types.')
  .refine(
    (list) => {
      const refs = list.split(',');
      return refs.length <= 10 && refs.every((ref) => measurementTypeRefSchema.safeParse(ref).success);
    },
    `measurements must be types separated by commas: ${MEASUREMENT_KINDS.join(', ')} or your own types' ids (at most 10).`,
  )
  .meta({
    description: 'The journal types to include, comma-separated (issue 56)',
    example: 'blood-pressure,weight',
  });

export const reportContract = {
  month: defineProcedure({
    method: 'GET',
    path: '/api/report/{userEmail}/month',
    tag: 'reports',
    summary: "A month's adherence by day, medicine and dose slot, and the 6 months up to it",
    description:
      'Counted up to now in the caller’s time zone: later days are "future" and never missed. ' +
      'Without `month`, the current month.',
    access: 'bearer',
    scope: 'read',
    errors: { 403: 'Not your report' },
    input: z.object({ userEmail: emailSchema, month: monthSchema.optional() }),
    output: monthAggregatesSchema,
  }),
  doctor: defineProcedure({
    method: 'GET',
    path: '/api/report/{userEmail}/doctor',
    tag: 'reports',
    summary: "The doctor's report for a range of days: medicines, every dose, adherence, refills",
    description:
      'Counted by the monthly report’s rule (decision 100) over `from`..`to` (YYYY-MM-DD in the ' +
      'caller’s saved zone, at most 366 days, `to` not after today). The same report as a file: ' +
      '`/api/report/{userEmail}/doctor/{pdf|csv|fhir}` (decision 101).',
    access: 'bearer',
    scope: 'read',
    errors: { 403: 'Not your report' },
    input: z
      .object({
        userEmail: emailSchema,
        from: isoDateSchema,
        to: isoDateSchema,
        measurements: reportMeasurementsSchema.optional(),
        symptoms: z
          .boolean({ error: 'symptoms must be true or false.' })
          .optional()
          .meta({ description: 'true: the symptoms of the range too (issue 56)' }),
      })
      .superRefine(checkReportRange),
    output: doctorReportSchema,
  }),
};

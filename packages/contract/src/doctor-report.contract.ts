import { daysBetween, isValidIsoDate } from '@medrem/domain';
import { z } from 'zod';
import { targetSchema } from './journal-schemas.contract';
import { adherenceRateSchema, LIMITS } from './primitives';

const rate = adherenceRateSchema;
const doseFigures = {
  due: z.number().int(),
  taken: z.number().int().meta({ description: 'Doses taken, capped at due (the monthly rule)' }),
  missed: z
    .number()
    .int()
    .nullable()
    .meta({ description: 'due − taken − skipped; null when nothing was due' }),
  skipped: z
    .number()
    .int()
    .meta({ description: 'Doses skipped on purpose (decision 225): not taken, not missed' }),
  rate,
};

/** One dose slot of one day: due and taken, missed, or taken where nothing was due. */
const doseSlotSchema = z.object({
  slot: z.number().int(),
  time: z.string().nullable().meta({ description: 'The dose time on that day (HH:MM, saved zone)' }),
  taken: z.number().int().meta({ description: 'Doses recorded in the slot' }),
  pillsPerDose: z
    .number()
    .int()
    .meta({ description: 'Pills one dose takes that day: a taper’s step’s, else the medicine’s' }),
  status: z.enum(['taken', 'missed', 'extra', 'skipped']),
  skip: z.string().nullable().meta({
    description: 'A skipped dose in words with its reason ("Skipped — Felt unwell"); null otherwise',
  }),
  at: z.string().nullable().meta({
    description:
      'The dose’s own instant as an ISO 8601 date-time with the zone offset (null without a time); in a repeated hour the offset tells the two apart',
  }),
  takenAt: z.string().nullable().meta({
    description:
      'When the dose was taken (decision 191), ISO 8601 with the zone offset; null when not taken or not known',
  }),
});

export const doctorReportMedicineSchema = z.object({
  medicineId: z.uuid(),
  name: z.string(),
  dosage: z.string(),
  instructions: z.string(),
  schedule: z.string().meta({ description: 'How it is taken, in plain words' }),
  kind: z.enum(['daily', 'interval', 'weekdays', 'cycle', 'taper', 'asNeeded']),
  times: z.array(z.string()).meta({ description: 'Dose times of a dose day (HH:MM)' }),
  weekdays: z
    .array(z.number().int())
    .nullable()
    .meta({ description: 'Weekday schedules: the days, 0 = Sunday … 6 = Saturday' }),
  everyHours: z.number().int().nullable().meta({ description: 'Every-N-hours schedules: N' }),
  pillsPerDose: z.number().int().meta({ description: 'Pills per dose (a taper: see steps)' }),
  steps: z
    .array(
      z.object({
        from: z.string(),
        to: z.string(),
        dose: z.string(),
        pillsPerDose: z.number().int(),
      }),
    )
    .nullable()
    .meta({ description: 'Tapers: each step’s days (inclusive), dose and pills per dose; else null' }),
  startDate: z.string(),
  endDate: z.string().meta({ description: 'Last day of the course' }),
  ...doseFigures,
  days: z.array(z.object({ date: z.string(), doses: z.array(doseSlotSchema) })).meta({
    description: 'Every day of the range with a dose due or taken',
  }),
  asNeeded: z
    .array(z.object({ at: z.string(), override: z.boolean() }))
    .meta({ description: 'As-needed intakes in the range (never due, outside the rates)' }),
  refills: z.array(z.object({ at: z.string(), pills: z.number().int() })),
  stoppedOn: z
    .string()
    .nullable()
    .meta({ description: 'The first day it is no longer taken (decision 313); null while taken' }),
  planChanges: z
    .array(
      z.object({
        effectiveOn: z.string(),
        kind: z.enum(['start', 'change', 'stop', 'resume']),
        text: z.string().meta({ example: 'Dose: 5 mg → 10 mg' }),
        reason: z.string().nullable(),
      }),
    )
    .meta({
      description:
        'Its plan’s changes up to the range’s end (decision 314): the days before one were counted by the plan then',
    }),
});

const perComponent = z.record(z.string(), z.number());

/** The journal in the doctor's report (issue 56): chosen types' readings and weeks, and symptoms. */
export const doctorReportJournalSchema = z
  .object({
    measurements: z.array(
      z.object({
        type: z.string(),
        label: z.string(),
        loinc: z.string().nullable(),
        unit: z.string().meta({ description: 'The display unit (UCUM for built-in kinds) of every number' }),
        unitText: z.string(),
        components: z.array(
          z.object({
            key: z.string(),
            label: z.string(),
            loinc: z.string().nullable(),
            unit: z.string().meta({ description: 'UCUM code of this component’s numbers' }),
          }),
        ),
        readings: z.array(
          z.object({
            at: z.string().meta({ description: 'ISO 8601 with the zone offset' }),
            values: perComponent,
            mealContext: z.string().nullable(),
            note: z.string().nullable(),
          }),
        ),
        weeks: z
          .array(
            z.object({
              weekStart: z.string().meta({ description: 'The Monday of the week (its days in the range)' }),
              count: z.number().int(),
              mean: perComponent,
              min: perComponent,
              max: perComponent,
            }),
          )
          .meta({ description: 'Per ISO week with readings: min, mean and max per component' }),
        targets: z.array(targetSchema).meta({
          description:
            'The person’s target band per component, in the display unit (the PDF’s chart shades it)',
        }),
      }),
    ),
    symptoms: z
      .array(
        z.object({
          at: z.string(),
          symptom: z.string(),
          severity: z.number().int(),
          note: z.string().nullable(),
          medicineName: z.string().nullable(),
        }),
      )
      .nullable()
      .meta({ description: 'The symptoms in the range, oldest first; null when not asked for' }),
  })
  .meta({ id: 'DoctorReportJournal' });
export type DoctorReportJournal = z.infer<typeof doctorReportJournalSchema>;

export const doctorReportSchema = z
  .object({
    from: z.string(),
    to: z.string(),
    today: z.string(),
    timeZone: z.string(),
    generatedAt: z.string().meta({ description: 'ISO 8601 with the zone offset' }),
    patient: z.object({ userId: z.uuid(), name: z.string(), email: z.string() }),
    totals: z.object(doseFigures),
    medicines: z.array(doctorReportMedicineSchema),
    journal: doctorReportJournalSchema.optional().meta({
      description: 'Present when `measurements` or `symptoms` asked for the health journal (issue 56)',
    }),
  })
  .meta({ id: 'DoctorReport' });
export type DoctorReportView = z.infer<typeof doctorReportSchema>;
export type DoctorReportMedicine = z.infer<typeof doctorReportMedicineSchema>;

/** The downloads of the doctor's report (served beside the JSON call, decision 101). */
export const DOCTOR_REPORT_FORMATS = ['pdf', 'csv', 'fhir'] as const;
export type DoctorReportFormat = (typeof DOCTOR_REPORT_FORMATS)[number];

/**
 * The file route: not a tRPC procedure (its answer is not JSON), so its path and media types are
 * written here, where the server's route and openapi.json both read them.
 */
export const DOCTOR_REPORT_FILES = {
  path: '/api/report/{userEmail}/doctor/{format}',
  files: {
    pdf: { contentType: 'application/pdf', extension: 'pdf', title: 'A4 PDF for printing' },
    csv: {
      contentType: 'text/csv; charset=utf-8; header=present',
      extension: 'csv',
      title: 'RFC 4180 CSV, one header row, a `section` column per kind of row',
    },
    fhir: {
      contentType: 'application/fhir+json; charset=utf-8',
      extension: 'fhir.json',
      title: 'FHIR R4 Bundle (collection): Patient, MedicationStatement, MedicationAdministration',
    },
  },
} as const satisfies {
  path: `/${string}`;
  files: Record<DoctorReportFormat, { contentType: string; extension: string; title: string }>;
};

/**
 * What is wrong with a range of whole days (from ≤ to, at most a year of 366 days), or undefined;
 * the input's refinement and the web form's early check say the same.
 */
export function reportRangeProblem(range: {
  from: string;
  to: string;
}): { field: 'from' | 'to'; message: string } | undefined {
  // A malformed date has its own message; comparing it would only add noise.
  if (!isValidIsoDate(range.from) || !isValidIsoDate(range.to)) return undefined;
  if (range.from > range.to)
    return { field: 'from', message: 'The start date must not be after the end date.' };
  if (daysBetween(range.from, range.to) + 1 > LIMITS.maxHistoryDays)
    return { field: 'to', message: `A report covers at most ${LIMITS.maxHistoryDays} days.` };
  return undefined;
}

/** The range rule as an input refinement (`superRefine`), so the input stays a plain object. */
export function checkReportRange(range: { from: string; to: string }, ctx: z.RefinementCtx): void {
  const problem = reportRangeProblem(range);
  if (problem) ctx.addIssue({ code: 'custom', path: [problem.field], message: problem.message });
}

/**
 * The health journal's shapes (issue 56): measurement entries, types with the person's preferences,
 * symptoms, the daily mood and the chart's series. The procedures are in journal.contract.ts.
 */
import {
  CUSTOM_DECIMALS_MAX,
  CUSTOM_TYPE_NAME_MAX,
  CUSTOM_UNIT_MAX,
  JOURNAL_NOTE_MAX,
  JOURNAL_SCALE_MAX,
  JOURNAL_SCALE_MIN,
  MEAL_CONTEXTS,
  MEASUREMENT_KINDS,
  SYMPTOM_NAME_MAX,
} from '@medrem/domain';
import { z } from 'zod';
import { boundedInt, idSchema, textSchema } from './primitives';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const KINDS: readonly string[] = MEASUREMENT_KINDS;

/** A built-in kind ("blood-pressure") or the id of one of the person's own types. */
export const measurementTypeRefSchema = z
  .string({ error: 'type must be a measurement kind or the id of your own type.' })
  .refine(
    (ref) => KINDS.includes(ref) || UUID.test(ref),
    `type must be one of ${MEASUREMENT_KINDS.join(', ')}, or the id of your own type.`,
  )
  .meta({
    description: `A built-in kind (${MEASUREMENT_KINDS.join(', ')}) or the id (UUID) of the caller’s own type.`,
    example: 'blood-pressure',
  });

/** Read as a caregiver: the id of the person cared for (else the caller's own journal). */
export const patientIdSchema = idSchema.meta({
  description: 'Read the journal of a person you care for (care circle); leave out for your own.',
});

export const mealContextSchema = z
  .enum(MEAL_CONTEXTS, { error: `mealContext must be one of: ${MEAL_CONTEXTS.join(', ')}.` })
  .meta({ id: 'MealContext', description: 'Blood glucose only: when it was taken relative to food.' });

export const journalNoteSchema = textSchema('Note', { multiline: true })
  .trim()
  .max(JOURNAL_NOTE_MAX, `Note is too long (at most ${JOURNAL_NOTE_MAX} characters).`);

export const instantSchema = (field: string) =>
  z.iso
    .datetime({ offset: true, error: `${field} must be an ISO timestamp, e.g. 2026-11-21T08:05:00Z.` })
    .meta({ description: 'ISO 8601 instant; at most 5 minutes ahead of the server’s clock.' });

/** Numbers per component as typed: { systolic, diastolic, pulse } or { value }. */
export const measurementValuesSchema = z
  .record(z.string().max(20, 'Unknown value name.'), z.number({ error: 'Each value must be a number.' }), {
    error: 'values must be an object of numbers, e.g. { "value": 6.2 }.',
  })
  .meta({ description: 'One number per component, in `unit`.', example: { systolic: 128, diastolic: 82 } });

export const unitSchema = textSchema('Unit')
  .max(CUSTOM_UNIT_MAX, `Unit is too long (at most ${CUSTOM_UNIT_MAX} characters).`)
  .meta({
    description: 'UCUM code of a built-in kind’s unit (mm[Hg], mg/dL, [lb_av]…), or a custom type’s own.',
  });

export const severitySchema = boundedInt('Severity', JOURNAL_SCALE_MIN, JOURNAL_SCALE_MAX).meta({
  description: '1 (mild) to 5 (severe).',
});
export const moodSchema = boundedInt('Mood', JOURNAL_SCALE_MIN, JOURNAL_SCALE_MAX).meta({
  description: '1 (very low) to 5 (very good).',
});

export const symptomNameSchema = textSchema('Symptom')
  .trim()
  .min(1, 'Symptom is required.')
  .max(SYMPTOM_NAME_MAX, `Symptom is too long (at most ${SYMPTOM_NAME_MAX} characters).`);

/** A stored reading, with its canonical numbers and the same shown in the person's display unit. */
export const measurementEntrySchema = z
  .object({
    id: z.uuid(),
    type: z.string().meta({ description: 'The kind, or the custom type’s id.' }),
    values: z.record(z.string(), z.number()).meta({ description: 'Canonical values (unit: canonicalUnit).' }),
    canonicalUnit: z.string(),
    enteredUnit: z.string().meta({ description: 'The unit the reading was typed in.' }),
    display: z.object({
      unit: z.string().meta({ description: 'The person’s display unit for this type.' }),
      values: z.record(z.string(), z.number()),
      text: z.string().meta({ example: '128/82 mmHg, pulse 64' }),
    }),
    measuredAt: z.string().meta({ description: 'ISO 8601 instant' }),
    mealContext: mealContextSchema.nullable(),
    note: z.string().nullable(),
    createdAt: z.string(),
  })
  .meta({ id: 'MeasurementEntry' });
export type MeasurementEntryView = z.infer<typeof measurementEntrySchema>;

const componentSchema = z.object({
  key: z.string(),
  label: z.string(),
  unit: z.string().meta({ description: 'Canonical unit (UCUM; a custom type’s own text)' }),
  min: z.number(),
  max: z.number(),
  decimals: z.number().int(),
  loinc: z.string().nullable(),
  optional: z.boolean(),
});

/** A target band for one component, in the canonical unit; either end may be open. */
export const targetSchema = z
  .object({
    component: z.string().max(20),
    low: z.number().nullable(),
    high: z.number().nullable(),
  })
  .meta({ id: 'MeasurementTarget' });

export const measurementTypeSchema = z
  .object({
    type: z.string().meta({ description: 'The kind, or the custom type’s id.' }),
    custom: z.boolean(),
    label: z.string(),
    loinc: z.string().nullable(),
    units: z
      .array(z.string())
      .meta({ description: 'Units it may be typed and shown in; the first is canonical.' }),
    unitText: z.record(z.string(), z.string()).meta({ description: 'How each unit reads (mm[Hg] → mmHg).' }),
    components: z.array(componentSchema),
    displayUnit: z.string(),
    targets: z.array(targetSchema).meta({ description: 'Canonical unit; empty when none is set.' }),
  })
  .meta({ id: 'MeasurementType' });
export type MeasurementTypeView = z.infer<typeof measurementTypeSchema>;

export const customTypeInputSchema = {
  name: textSchema('Name')
    .trim()
    .min(1, 'Name is required.')
    .max(CUSTOM_TYPE_NAME_MAX, `Name is too long (at most ${CUSTOM_TYPE_NAME_MAX} characters).`),
  unit: unitSchema,
  min: z.number({ error: 'min must be a number.' }),
  max: z.number({ error: 'max must be a number.' }),
  decimals: boundedInt('Decimals', 0, CUSTOM_DECIMALS_MAX),
};

export const symptomEntrySchema = z
  .object({
    id: z.uuid(),
    symptom: z.string(),
    severity: z.number().int(),
    note: z.string().nullable(),
    medicineId: z
      .uuid()
      .nullable()
      .meta({ description: 'A medicine suspected of causing it (side effect).' }),
    medicineName: z.string().nullable(),
    occurredAt: z.string(),
    createdAt: z.string(),
  })
  .meta({ id: 'SymptomEntry' });
export type SymptomEntryView = z.infer<typeof symptomEntrySchema>;

export const symptomNameEntrySchema = z
  .object({
    id: z.uuid().nullable().meta({ description: 'null for a built-in name (it cannot be removed).' }),
    name: z.string(),
  })
  .meta({ id: 'SymptomName' });

export const moodEntrySchema = z
  .object({ date: z.string(), mood: z.number().int(), note: z.string().nullable(), updatedAt: z.string() })
  .meta({ id: 'MoodEntry' });
export type MoodEntryView = z.infer<typeof moodEntrySchema>;

const perComponent = z.record(z.string(), z.number());

export const seriesPointSchema = z
  .object({
    at: z.string().meta({
      description:
        'raw: the reading’s instant; day/week: the bucket’s first day (midnight, the person’s zone).',
    }),
    date: z.string().meta({ description: 'The day (raw) or the bucket’s first day, YYYY-MM-DD.' }),
    count: z.number().int(),
    mean: perComponent.meta({ description: 'raw: the reading; buckets: the mean. Display unit.' }),
    min: perComponent,
    max: perComponent,
  })
  .meta({ id: 'SeriesPoint' });

export const seriesSchema = z
  .object({
    type: measurementTypeSchema,
    from: z.string(),
    to: z.string(),
    timeZone: z.string(),
    resolution: z.enum(['raw', 'day', 'week']).meta({
      description: 'raw for ranges up to 92 days, day up to 366 (decision 301).',
    }),
    unit: z.string().meta({ description: 'The display unit every number of points and target is in.' }),
    points: z.array(seriesPointSchema),
    target: z.array(targetSchema).meta({ description: 'The target band, in the display unit.' }),
    adherence: z
      .object({
        medicineId: z.uuid(),
        name: z.string(),
        days: z.array(
          z.object({
            date: z.string(),
            due: z.number().int(),
            taken: z.number().int(),
            rate: z.number().int().nullable(),
          }),
        ),
      })
      .nullable()
      .meta({
        description: 'The chosen medicine’s doses per day over the same range; null without medicineId.',
      }),
  })
  .meta({ id: 'JournalSeries' });
export type JournalSeriesView = z.infer<typeof seriesSchema>;

/** The journal in the account export: every row the person made, canonical units (decision 300). */
export const journalExportSchema = z
  .object({
    customTypes: z.array(
      z.object({
        id: z.uuid(),
        name: z.string(),
        unit: z.string(),
        min: z.number(),
        max: z.number(),
        decimals: z.number().int(),
      }),
    ),
    preferences: z.array(
      z.object({ type: z.string(), displayUnit: z.string(), targets: z.array(targetSchema) }),
    ),
    measurements: z.array(measurementEntrySchema),
    symptomNames: z.array(z.string()).meta({ description: 'The names the person added to the list.' }),
    symptoms: z.array(symptomEntrySchema),
    moods: z.array(moodEntrySchema),
    reminders: z
      .array(
        z.object({
          type: z.string(),
          times: z.array(z.string()),
          days: z.array(z.number().int()).nullable(),
        }),
      )
      .optional()
      .meta({ description: 'Measurement reminders (decision 331); absent in a file exported before them.' }),
  })
  .meta({ id: 'JournalExport' });
export type JournalExportView = z.infer<typeof journalExportSchema>;

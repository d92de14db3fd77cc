/**
 * Measurement reminders (issue 56, decision 331), part of `journalContract` under /api/journal: a
 * type's times of day, every day or on chosen weekdays, fired by the reminder engine like a
 * medicine's; a reading of the type settles the one due.
 */
import { MAX_DOSE_SLOTS, measurementDaysIssue, measurementReminderIssue } from '@medrem/domain';
import { z } from 'zod';
import { defineProcedure } from './define-procedure';
import { measurementTypeRefSchema } from './journal-schemas.contract';
import { boundedInt, isoDateSchema, successSchema, timeSchema } from './primitives';

const TAG = 'journal';

const scheduleFields = {
  times: z
    .array(z.string({ error: 'Each time must be text in 24-hour HH:MM form.' }), {
      error: 'times must be a list of times, e.g. ["07:30", "21:00"].',
    })
    .max(MAX_DOSE_SLOTS, `A reminder has at most ${MAX_DOSE_SLOTS} times a day.`)
    .superRefine((times, context) => {
      const issue = measurementReminderIssue({ times, days: null });
      if (issue) context.addIssue({ code: 'custom', message: issue });
    })
    .meta({ description: 'Times of day, 24-hour HH:MM, earliest first, each once.' }),
  days: z
    .array(boundedInt('Weekday', 0, 6))
    .max(7)
    .nullable()
    .superRefine((days, context) => {
      const issue = measurementDaysIssue(days);
      if (issue) context.addIssue({ code: 'custom', message: issue });
    })
    .meta({ description: 'The weekdays it is due on (0 = Sunday … 6 = Saturday); null: every day.' }),
};

const occurrenceSchema = z.object({
  date: isoDateSchema,
  time: timeSchema,
  at: z.string().meta({ description: 'The instant it is due (ISO 8601).' }),
});

export const measurementReminderSchema = z
  .object({
    type: z.string().meta({ description: 'A built-in kind or the id of the person’s own type.' }),
    ...scheduleFields,
    next: occurrenceSchema.nullable().meta({ description: 'When it is due next.' }),
    latest: occurrenceSchema.extend({ settled: z.boolean() }).nullable().meta({
      description:
        'The last time it was due (within 8 days) and whether a reading of the type answered it (one taken from an hour before on).',
    }),
  })
  .meta({ id: 'MeasurementReminder' });
export type MeasurementReminderView = z.infer<typeof measurementReminderSchema>;

export const journalReminderProcedures = {
  reminders: defineProcedure({
    method: 'GET',
    path: '/api/journal/reminders',
    tag: TAG,
    summary:
      'The person’s measurement reminders, each with when it is due next and whether the last is settled',
    access: 'bearer',
    scope: 'read',
    input: z.object({}),
    output: z.object({ reminders: z.array(measurementReminderSchema) }),
  }),
  setReminder: defineProcedure({
    method: 'PUT',
    path: '/api/journal/reminders/{type}',
    tag: TAG,
    summary: 'Remind to measure a type at these times, every day or on these weekdays',
    description:
      'Sent through the same engine and channels as the dose reminders, once per time; a reading of the type settles it, so it follows up only while none was entered.',
    access: 'bearer',
    scope: 'journal:write',
    errors: { 404: 'No such type of yours' },
    example: { type: 'blood-pressure', times: ['07:30', '21:00'], days: null },
    input: z.object({ type: measurementTypeRefSchema, ...scheduleFields }),
    output: z.object({ reminder: measurementReminderSchema }),
  }),
  deleteReminder: defineProcedure({
    method: 'DELETE',
    path: '/api/journal/reminders/{type}',
    tag: TAG,
    summary: 'Stop reminding to measure a type',
    access: 'bearer',
    scope: 'journal:write',
    errors: { 404: 'No reminder of yours for this type' },
    input: z.object({ type: measurementTypeRefSchema }),
    output: successSchema,
  }),
};

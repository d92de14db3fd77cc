import { type DoseSchedule, INTERVAL_HOURS, taperDays } from '@medrem/domain';
import { z } from 'zod';
import { LIMITS, boundedInt, textSchema, timeSchema } from './primitives';

const taperStepSchema = z.object({
  days: boundedInt('Step days', 1, LIMITS.maxDays),
  dose: textSchema('Step dose')
    .trim()
    .min(1, 'Each step needs its dose, e.g. 30 mg.')
    .max(LIMITS.dosage, 'A step’s dose is too long (at most 60 characters).'),
  pillsPerDose: boundedInt('Step pills per dose', 1, LIMITS.maxPillsPerDose),
});

const { min, max, step } = INTERVAL_HOURS;
/** Decision 196: 1 to 48 hours in quarter hours (every 2 h, every 1.5 h), not whole hours from 4. */
const intervalHoursSchema = z
  .number({ error: 'Hours between doses must be a number.' })
  .min(min, `Hours between doses must be at least ${min}.`)
  .max(max, `Hours between doses must be at most ${max}.`)
  .refine(
    (hours) => Number.isInteger(hours / step),
    'Hours between doses go in quarter hours, e.g. 1.5 or 2.25.',
  )
  .meta({ description: `Real hours between doses, ${min} to ${max} in steps of ${step} (e.g. 1.5).` });

/**
 * How a medicine is taken beyond the spec's daily flags (decision 120). Left out (or null) it is the
 * spec's rule: every day at the default reminder times, one dose per frequency flag.
 */
export const doseScheduleSchema = z
  .discriminatedUnion('kind', [
    z.object({ kind: z.literal('daily') }).meta({ description: 'Every day at the default times.' }),
    z
      .object({
        kind: z.literal('interval'),
        everyHours: intervalHoursSchema,
        startTime: timeSchema,
      })
      .meta({ description: 'Every N real hours from startTime on the start date; frequency is ignored.' }),
    z
      .object({
        kind: z.literal('weekdays'),
        days: z
          .array(boundedInt('Weekday', 0, 6))
          .min(1, 'Choose at least one day of the week.')
          .max(7),
      })
      .meta({ description: 'The frequency’s doses on these weekdays (0 = Sunday … 6 = Saturday).' }),
    z
      .object({
        kind: z.literal('cycle'),
        daysOn: boundedInt('Days on', 1, 365),
        daysOff: boundedInt('Days off', 1, 365),
      })
      .meta({ description: 'The frequency’s doses for daysOn days, then none for daysOff, from the start.' }),
    z
      .object({
        kind: z.literal('taper'),
        steps: z
          .array(taperStepSchema)
          .min(1, 'A tapering plan needs at least one step.')
          .max(20)
          // The course is the steps (its originalDurationDays), so it has the course's bound
          // (decision 184): a longer plan could not be read back and saved again.
          .refine(
            (steps) => taperDays(steps) <= LIMITS.maxDays,
            `A tapering plan lasts at most ${LIMITS.maxDays} days in all.`,
          ),
      })
      .meta({ description: 'Steps from the start date; the course ends with the last step.' }),
    z
      .object({
        kind: z.literal('asNeeded'),
        maxPer24h: boundedInt('Maximum doses in 24 hours', 1, 24).nullable(),
        minIntervalMinutes: boundedInt('Minimum interval (minutes)', 1, 48 * 60).nullable(),
      })
      .meta({ description: 'Taken when needed: never due nor reminded; each intake is logged.' }),
  ])
  .meta({ id: 'DoseSchedule' }) satisfies z.ZodType<DoseSchedule, unknown>;

export const asNeededIntakeSchema = z
  .object({
    id: z.uuid(),
    takenAt: z.string().meta({ description: 'ISO 8601 instant of the intake.' }),
    override: z
      .boolean()
      .meta({ description: 'Recorded past a safety limit on the user’s explicit choice.' }),
  })
  .meta({ id: 'AsNeededIntake' });
export type AsNeededIntake = z.infer<typeof asNeededIntakeSchema>;

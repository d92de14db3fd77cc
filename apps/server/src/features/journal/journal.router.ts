import { contract } from '@medrem/contract';
import { authenticatedFrom, router } from '../../trpc/trpc';

const c = contract.journal;

/** The health journal's calls (issue 56); the services hold every rule. */
export const journalRouter = router({
  types: authenticatedFrom(c.types).query(({ ctx, input }) =>
    ctx.services.journal.measurements.types(ctx.caller, input.patientId),
  ),
  createType: authenticatedFrom(c.createType).mutation(({ ctx, input }) =>
    ctx.services.journal.measurements.createType(ctx.caller, input),
  ),
  updateType: authenticatedFrom(c.updateType).mutation(({ ctx, input: { id, ...values } }) =>
    ctx.services.journal.measurements.updateType(ctx.caller, id, values),
  ),
  deleteType: authenticatedFrom(c.deleteType).mutation(({ ctx, input }) =>
    ctx.services.journal.measurements.deleteType(ctx.caller, input.id),
  ),
  setPreferences: authenticatedFrom(c.setPreferences).mutation(({ ctx, input }) =>
    ctx.services.journal.measurements.setPreferences(ctx.caller, input),
  ),
  measurements: authenticatedFrom(c.measurements).query(({ ctx, input }) =>
    ctx.services.journal.measurements.list(ctx.caller, input),
  ),
  createMeasurement: authenticatedFrom(c.createMeasurement).mutation(({ ctx, input }) =>
    ctx.services.journal.measurements.create(ctx.caller, input),
  ),
  updateMeasurement: authenticatedFrom(c.updateMeasurement).mutation(({ ctx, input }) =>
    ctx.services.journal.measurements.update(ctx.caller, input),
  ),
  deleteMeasurement: authenticatedFrom(c.deleteMeasurement).mutation(({ ctx, input }) =>
    ctx.services.journal.measurements.delete(ctx.caller, input.id),
  ),
  series: authenticatedFrom(c.series).query(({ ctx, input }) =>
    ctx.services.journal.series.series(ctx.caller, input),
  ),
  symptomNames: authenticatedFrom(c.symptomNames).query(({ ctx, input }) =>
    ctx.services.journal.symptoms.names(ctx.caller, input.patientId),
  ),
  addSymptomName: authenticatedFrom(c.addSymptomName).mutation(({ ctx, input }) =>
    ctx.services.journal.symptoms.addName(ctx.caller, input.name),
  ),
  deleteSymptomName: authenticatedFrom(c.deleteSymptomName).mutation(({ ctx, input }) =>
    ctx.services.journal.symptoms.deleteName(ctx.caller, input.id),
  ),
  symptoms: authenticatedFrom(c.symptoms).query(({ ctx, input }) =>
    ctx.services.journal.symptoms.symptoms(ctx.caller, input),
  ),
  createSymptom: authenticatedFrom(c.createSymptom).mutation(({ ctx, input }) =>
    ctx.services.journal.symptoms.createSymptom(ctx.caller, input),
  ),
  updateSymptom: authenticatedFrom(c.updateSymptom).mutation(({ ctx, input }) =>
    ctx.services.journal.symptoms.updateSymptom(ctx.caller, input),
  ),
  deleteSymptom: authenticatedFrom(c.deleteSymptom).mutation(({ ctx, input }) =>
    ctx.services.journal.symptoms.deleteSymptom(ctx.caller, input.id),
  ),
  moods: authenticatedFrom(c.moods).query(({ ctx, input }) =>
    ctx.services.journal.symptoms.moods(ctx.caller, input),
  ),
  setMood: authenticatedFrom(c.setMood).mutation(({ ctx, input }) =>
    ctx.services.journal.symptoms.setMood(ctx.caller, input),
  ),
  deleteMood: authenticatedFrom(c.deleteMood).mutation(({ ctx, input }) =>
    ctx.services.journal.symptoms.deleteMood(ctx.caller, input.date),
  ),
  reminders: authenticatedFrom(c.reminders).query(({ ctx }) =>
    ctx.services.journal.reminders.list(ctx.caller),
  ),
  setReminder: authenticatedFrom(c.setReminder).mutation(({ ctx, input }) =>
    ctx.services.journal.reminders.set(ctx.caller, input),
  ),
  deleteReminder: authenticatedFrom(c.deleteReminder).mutation(({ ctx, input }) =>
    ctx.services.journal.reminders.delete(ctx.caller, input.type),
  ),
});

import type { JournalExportView } from '@medrem/contract';
import type { JournalEntryRepository } from './journal-entry.repository';
import { measurementView, typeOf } from './measurement-type-view';
import type { MeasurementReminderRepository } from './measurement-reminder.repository';
import type { MeasurementRepository } from './measurement.repository';
import type { MeasurementService } from './measurement.service';
import { moodView, symptomView } from './symptom.service';

/** The journal part of the account export (issue 56): everything the person recorded. */
export async function journalExportOf(
  deps: {
    measurements: MeasurementRepository;
    entries: JournalEntryRepository;
    types: Pick<MeasurementService, 'typesOf'>;
    reminders: Pick<MeasurementReminderRepository, 'list'>;
  },
  userId: string,
): Promise<JournalExportView> {
  const [types, customs, preferences, readings, names, entries, reminders] = await Promise.all([
    deps.types.typesOf(userId),
    deps.measurements.customTypes(userId),
    deps.measurements.preferences(userId),
    deps.measurements.all(userId),
    deps.entries.ownNames(userId),
    deps.entries.everything(userId),
    deps.reminders.list(userId),
  ]);
  return {
    customTypes: customs.map(({ id, name, unit, min, max, decimals }) => ({
      id,
      name,
      unit,
      min,
      max,
      decimals,
    })),
    preferences: preferences.map(({ type, displayUnit, targets }) => ({ type, displayUnit, targets })),
    measurements: readings.map((row) => measurementView(typeOf(types, row.type), row)),
    symptomNames: names.map((n) => n.name),
    symptoms: entries.symptoms.map((row) => symptomView(row, true)),
    moods: entries.moods.map(moodView),
    reminders: reminders.map(({ type, times, days }) => ({ type, times, days })),
  };
}

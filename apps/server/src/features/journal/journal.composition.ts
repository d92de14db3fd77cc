import type { Database } from '../../db/database';
import type { Clock } from '../../lib/clock';
import type { InvalidationBus } from '../../lib/invalidation-bus';
import { PerUserCache } from '../../lib/per-user-cache';
import { CareRepository } from '../care/care.repository';
import type { IdempotencyService } from '../idempotency/idempotency.service';
import type { DoseRecordRepository } from '../medicines/dose-record.repository';
import type { MedicineRepository } from '../medicines/medicine.repository';
import type { SettingsService } from '../settings/settings.service';
import { JournalAccess } from './journal-access';
import { JournalEntryRepository } from './journal-entry.repository';
import { journalExportOf } from './journal-export';
import { type KeptSeries, JournalSeriesService } from './journal-series.service';
import type { MeasurementReminderChangeListener } from './measurement-reminder-change.port';
import { MeasurementReminderRepository } from './measurement-reminder.repository';
import { MeasurementReminderService } from './measurement-reminder.service';
import { MeasurementRepository } from './measurement.repository';
import { MeasurementService } from './measurement.service';
import type { JournalType } from './measurement-type-view';
import { SymptomService } from './symptom.service';

/** The health journal's services (issue 56) over one database. */
export function createJournalServices(deps: {
  db: Database;
  clock: Clock;
  idempotency: IdempotencyService;
  settings: SettingsService;
  medicines: MedicineRepository;
  doses: DoseRecordRepository;
  /** The reminder engine's scheduler: measurement reminders' rows follow their changes. */
  changes: MeasurementReminderChangeListener;
  /** Per-process caches of per-user facts and the bus that keeps them right (decision 131). */
  invalidations: InvalidationBus;
  userCache: { ttlMs: number; maxEntries: number };
}) {
  const { db, clock, idempotency } = deps;
  const access = new JournalAccess({ care: new CareRepository(db), settings: deps.settings, clock });
  const repository = new MeasurementRepository(db);
  // One name for the journal's caches: forgetting a person's journal (any write) drops both.
  const JOURNAL = 'journal';
  const measurements = new MeasurementService({
    measurements: repository,
    access,
    idempotency,
    clock,
    typesCache: new PerUserCache<JournalType[]>(JOURNAL, deps.invalidations, deps.userCache),
  });
  const entries = new JournalEntryRepository(db);
  const symptoms = new SymptomService({
    entries,
    medicines: deps.medicines,
    access,
    idempotency,
    clock,
  });
  const series = new JournalSeriesService({
    measurements: repository,
    types: measurements,
    medicines: deps.medicines,
    doses: deps.doses,
    settings: deps.settings,
    access,
    clock,
    // Few and bounded: a year's answer is about 0.2 MB in memory (decision 356).
    answers: new PerUserCache<KeptSeries>('journal-series', deps.invalidations, {
      ttlMs: deps.userCache.ttlMs,
      maxEntries: 64,
      owner: { cache: JOURNAL, of: (kept) => kept.userId },
    }),
  });
  const reminders = new MeasurementReminderService({
    db,
    types: measurements,
    access,
    changes: deps.changes,
    clock,
  });
  const exportOf = (userId: string) =>
    journalExportOf(
      {
        measurements: repository,
        entries,
        types: measurements,
        reminders: new MeasurementReminderRepository(db),
      },
      userId,
    );
  return { measurements, symptoms, series, reminders, repository, entries, exportOf };
}

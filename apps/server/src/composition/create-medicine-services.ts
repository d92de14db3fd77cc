import type { Database } from '../db/database';
import { DayWriteRepository } from '../features/medicines/day-write.repository';
import type { DoseRecordRepository } from '../features/medicines/dose-record.repository';
import { DoseRecordService } from '../features/medicines/dose-record.service';
import { DosePostponeService } from '../features/medicines/dose-postpone.service';
import { DoseSkipService } from '../features/medicines/dose-skip.service';
import type { AsNeededRepository } from '../features/medicines/as-needed.repository';
import { MedicineRepository } from '../features/medicines/medicine.repository';
import { MedicineLifeService } from '../features/medicines/medicine-life.service';
import { MedicineService } from '../features/medicines/medicine.service';
import type { MedicineWriteScope } from '../features/medicines/medicine-write-scope';
import { PlanChangeRepository } from '../features/medicines/plan-change.repository';
import { RefillRepository } from '../features/medicines/refill.repository';
import type { IdempotencyService } from '../features/idempotency/idempotency.service';
import { CabinetService } from '../features/packs/cabinet.service';
import { GtinMappingService } from '../features/packs/gtin-mapping.service';
import { PackRepository } from '../features/packs/pack.repository';
import { PackService, type PackWriteScope } from '../features/packs/pack.service';
import type { ReminderScheduler } from '../features/reminders/reminder-scheduler';
import type { SettingsService, SettingsWriteScope } from '../features/settings/settings.service';
import type { Clock } from '../lib/clock';

/**
 * The everyday loop's services: medicines and their life (stop, resume, the plan's history), packs
 * and the cabinet, and a dose's record, skip and postponement. Each write and the reminders it
 * changes commit in one transaction (`scopeOf`, the scheduler `within` it).
 */
export function createMedicineServices(deps: {
  db: Database;
  clock: Clock;
  repositories: {
    medicines: MedicineRepository;
    doses: DoseRecordRepository;
    asNeeded: AsNeededRepository;
    refills: RefillRepository;
    planChanges: PlanChangeRepository;
    packs: PackRepository;
  };
  settings: SettingsService;
  idempotency: IdempotencyService;
  transaction: <T>(work: (scope: MedicineWriteScope & SettingsWriteScope) => Promise<T>) => Promise<T>;
  scopeOf: (tx: Database) => MedicineWriteScope & SettingsWriteScope;
  reminderSchedule: ReminderScheduler;
}) {
  const { db, clock, repositories, settings, idempotency, transaction, scopeOf, reminderSchedule } = deps;
  const medicines = new MedicineService({
    medicines: repositories.medicines,
    asNeeded: repositories.asNeeded,
    refills: repositories.refills,
    settings,
    clock,
    idempotency,
    transaction,
    scopeOf,
  });
  const medicineLife = new MedicineLifeService({ ...repositories, settings, clock, transaction });
  // Packs, GTIN mappings and the cabinet (issue 58): a pack write and its reminders commit together.
  const packScopeOf = (tx: Database): PackWriteScope => ({
    medicines: new MedicineRepository(tx),
    refills: new RefillRepository(tx),
    packs: new PackRepository(tx),
    planChanges: new PlanChangeRepository(tx),
    changes: reminderSchedule.within(tx),
  });
  const packs = new PackService({
    ...repositories,
    settings,
    clock,
    idempotency,
    scopeOf: packScopeOf,
    transaction: (work) => db.transaction((tx) => work(packScopeOf(tx))),
  });
  const cabinet = new CabinetService({ ...repositories, settings, clock });
  const gtinMappings = new GtinMappingService({ ...repositories, clock });
  const doseDeps = {
    medicines: repositories.medicines,
    doses: repositories.doses,
    settings,
    clock,
    idempotency,
    scopeOf,
    days: new DayWriteRepository(db),
    changes: reminderSchedule,
  };
  const doses = new DoseRecordService(doseDeps);
  const skips = new DoseSkipService({ ...doseDeps, doseRecords: doses });
  const postponements = new DosePostponeService(doseDeps);
  return { medicines, medicineLife, packs, cabinet, gtinMappings, doses, skips, postponements };
}

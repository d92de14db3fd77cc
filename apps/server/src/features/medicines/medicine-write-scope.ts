import type { Database } from '../../db/database';
import type { Clock } from '../../lib/clock';
import type { Caller } from '../auth/caller';
import type { SettingsService } from '../settings/settings.service';
import { zonedNow } from '@medrem/domain';
import type { AsNeededRepository } from './as-needed.repository';
import type { DoseRecordRepository } from './dose-record.repository';
import type { MedicineChangeListener } from './medicine-change.port';
import type { MedicineRepository } from './medicine.repository';
import type { PlanChangeRepository } from './plan-change.repository';
import type { RefillRepository } from './refill.repository';

export const MEDICINE_NOT_FOUND = 'Medicine not found.';

/** What a medicine write needs inside its transaction. */
export interface MedicineWriteScope {
  medicines: MedicineRepository;
  doses: DoseRecordRepository;
  asNeeded: AsNeededRepository;
  refills: RefillRepository;
  /** The plan's history, written with the edit, stop or resume it records (decision 314). */
  planChanges: PlanChangeRepository;
  /** Makes edits, deletes and ticks take effect on pending reminders, in the same transaction. */
  changes: MedicineChangeListener;
}

/** The same scope over a transaction already open (an idempotent write opens its own). */
export type ScopeOf = (tx: Database) => MedicineWriteScope;

/** Today's date and the zone of the user's saved settings: doses are wall-clock events there. */
export async function zonedToday(
  settings: SettingsService,
  clock: Clock,
  caller: Caller,
): Promise<{ today: string; timeZone: string }> {
  const { timezone } = await settings.effective(caller.userId);
  return { today: zonedNow(clock.now(), timezone).date, timeZone: timezone };
}

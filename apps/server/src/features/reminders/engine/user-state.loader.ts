import type { Database } from '../../../db/database';
import { MedicineRepository } from '../../medicines/medicine.repository';
import { effectiveSettingsOf } from '../../settings/effective-settings';
import { SettingsRepository } from '../../settings/settings.repository';
import type { UserState } from './row-evaluation';

/**
 * What a batch's rules need to know of its users, read in three bulk queries through the medicines
 * and settings repositories (the same expressions the API uses): settings, medicines with their
 * taken totals, and the taken flags of the days the batch is about.
 */
export async function loadUserStates(
  tx: Database,
  userIds: string[],
  dates: string[],
): Promise<Map<string, UserState>> {
  const medicineRepository = new MedicineRepository(tx);
  const settingsRows = await new SettingsRepository(tx).findMany(userIds);
  const medicines = await medicineRepository.listForUsers(userIds);
  const taken = await medicineRepository.takenOn(
    medicines.map((m) => m.id),
    dates,
  );
  const settingsByUser = new Map(settingsRows.map((s) => [s.userId, s]));
  const states = new Map<string, UserState>();
  for (const userId of userIds) {
    states.set(userId, {
      settings: effectiveSettingsOf(settingsByUser.get(userId)),
      medicines: [],
      taken: new Map(),
    });
  }
  const medicineOwner = new Map<string, string>();
  for (const m of medicines) {
    states.get(m.userId)?.medicines.push(m);
    medicineOwner.set(m.id, m.userId);
  }
  for (const t of taken) {
    const owner = medicineOwner.get(t.medicineId);
    if (owner) states.get(owner)?.taken.set(`${t.medicineId}|${t.date}`, t.taken);
  }
  return states;
}

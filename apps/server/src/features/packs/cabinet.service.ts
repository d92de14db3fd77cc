import type { Cabinet } from '@medrem/contract';
import { averagePillsPerDay, compareUseOrder, lastCourseDay, runsOutOn } from '@medrem/domain';
import type { Clock } from '../../lib/clock';
import type { Caller } from '../auth/caller';
import type { MedicineRepository } from '../medicines/medicine.repository';
import { supplyOf } from '../medicines/medicine-view';
import { zonedToday } from '../medicines/medicine-write-scope';
import type { SettingsService } from '../settings/settings.service';
import type { PackRepository } from './pack.repository';
import { packsOfMedicine } from './pack-view';

/**
 * The medicine cabinet (issue 58, decision 324): every pack on hand, first-expiring first, what is
 * expired, and which medicine runs out first. Read in two queries, whatever the number of packs.
 */
export class CabinetService {
  constructor(
    private readonly deps: {
      medicines: MedicineRepository;
      packs: PackRepository;
      settings: SettingsService;
      clock: Clock;
    },
  ) {}

  async read(caller: Caller): Promise<Cabinet> {
    const { today } = await zonedToday(this.deps.settings, this.deps.clock, caller);
    const medicines = await this.deps.medicines.listForUser(caller.userId);
    const onHand = await this.deps.packs.onHandOf([caller.userId]);
    const packs: Cabinet['packs'] = [];
    const taken: Cabinet['medicines'] = [];
    for (const medicine of medicines) {
      const own = onHand.filter((p) => p.medicineId === medicine.id);
      const listed = packsOfMedicine(medicine, own, today).packs;
      for (const pack of listed) packs.push({ ...pack, medicineName: medicine.name });
      if (lastCourseDay(medicine) < today) continue;
      const { pillsLeft, daysLeft } = supplyOf(medicine, today);
      taken.push({
        id: medicine.id,
        name: medicine.name,
        pillsLeft,
        daysLeft,
        runsOutOn: runsOutOn(today, daysLeft, averagePillsPerDay(medicine)),
        nextExpiry: listed.find((p) => p.expiresOn !== null)?.expiresOn ?? null,
      });
    }
    const added = new Map(onHand.map((p) => [p.id, p]));
    packs.sort((a, b) => compareUseOrder(added.get(a.id)!, added.get(b.id)!));
    // What runs out first first; a medicine never used up by a schedule (as needed) after them.
    taken.sort(
      (a, b) => (a.runsOutOn ?? '9999').localeCompare(b.runsOutOn ?? '9999') || a.name.localeCompare(b.name),
    );
    return {
      today,
      packs,
      expiredCount: packs.filter((p) => p.state === 'expired').length,
      medicines: taken,
    };
  }
}

import type { GtinMapping } from '@medrem/contract';
import { toGtin14 } from '@medrem/domain';
import { notFound } from '../../lib/app-error';
import type { Clock } from '../../lib/clock';
import type { Caller } from '../auth/caller';
import type { MedicineRepository } from '../medicines/medicine.repository';
import { MEDICINE_NOT_FOUND } from '../medicines/medicine-write-scope';
import type { PackRepository } from './pack.repository';
import { toMapping } from './pack.service';

/**
 * What each product number (GTIN) is for this user (decision 321): the first scan of a GTIN asks
 * which medicine it is and how many pills a pack holds; later scans are recognised by it.
 */
export class GtinMappingService {
  constructor(
    private readonly deps: { medicines: MedicineRepository; packs: PackRepository; clock: Clock },
  ) {}

  async list(caller: Caller): Promise<GtinMapping[]> {
    return (await this.deps.packs.mappings(caller.userId)).map(toMapping);
  }

  async set(
    caller: Caller,
    input: { gtin: string; medicineId: string; pillsPerPack: number },
  ): Promise<GtinMapping> {
    if (!(await this.deps.medicines.findOwnedSchedule(input.medicineId, caller.userId))) {
      throw notFound(MEDICINE_NOT_FOUND);
    }
    const gtin = toGtin14(input.gtin)!;
    const { packs, clock } = this.deps;
    await packs.setMapping(caller.userId, gtin, input.medicineId, input.pillsPerPack, clock.now());
    return toMapping((await packs.mapping(caller.userId, gtin))!);
  }

  async delete(caller: Caller, gtinInput: string): Promise<void> {
    const gtin = toGtin14(gtinInput)!;
    if (!(await this.deps.packs.deleteMapping(caller.userId, gtin))) {
      throw notFound('That product number is not remembered.');
    }
  }
}

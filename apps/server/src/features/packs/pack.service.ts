import {
  type AddPackInput,
  ERROR_REASONS,
  LIMITS,
  type Medicine,
  type Pack,
  type PackReading,
  type GtinMapping,
} from '@medrem/contract';
import { supplyAfterRefill } from '@medrem/domain';
import type { Database } from '../../db/database';
import type { InTransaction } from '../../db/in-transaction';
import { badRequest, conflict, notFound } from '../../lib/app-error';
import type { Clock } from '../../lib/clock';
import type { Caller } from '../auth/caller';
import type { IdempotencyService } from '../idempotency/idempotency.service';
import type { MedicineRepository, MedicineWithTotals } from '../medicines/medicine.repository';
import { supplyOf, toMedicine } from '../medicines/medicine-view';
import { MEDICINE_NOT_FOUND, zonedToday } from '../medicines/medicine-write-scope';
import type { PlanChangeRepository } from '../medicines/plan-change.repository';
import type { RefillRepository } from '../medicines/refill.repository';
import type { SettingsService } from '../settings/settings.service';
import type { PackChangeListener } from './pack-change.port';
import { packFieldsOf, readCode } from './pack-fields';
import type { MappingRow, PackRepository } from './pack.repository';
import { packsOfMedicine } from './pack-view';

export const PACK_NOT_FOUND = 'Pack not found.';

/** What a pack write needs inside its transaction. */
export interface PackWriteScope {
  medicines: MedicineRepository;
  refills: RefillRepository;
  packs: PackRepository;
  /** For its lock of the medicine's row, which stop and resume take too. */
  planChanges: PlanChangeRepository;
  changes: PackChangeListener;
}

export function toMapping(row: MappingRow): GtinMapping {
  return { ...row, updatedAt: row.updatedAt.toISOString() };
}

/**
 * A medicine's packs (issue 58, decisions 321–322): a pack adds its pills as a refill and is kept
 * with its batch, serial and expiry; the same serial of the same product is added once; a pack used
 * up or removed takes its pills off the supply. Every write commits with its reminders.
 */
export class PackService {
  constructor(
    private readonly deps: {
      medicines: MedicineRepository;
      packs: PackRepository;
      settings: SettingsService;
      clock: Clock;
      idempotency: IdempotencyService;
      transaction: InTransaction<PackWriteScope>;
      scopeOf: (tx: Database) => PackWriteScope;
    },
  ) {}

  private async owned(caller: Caller, id: string): Promise<MedicineWithTotals> {
    const row = await this.deps.medicines.findOwned(id, caller.userId);
    if (!row) throw notFound(MEDICINE_NOT_FOUND);
    return row;
  }

  private async today(caller: Caller): Promise<string> {
    return (await zonedToday(this.deps.settings, this.deps.clock, caller)).today;
  }

  async list(caller: Caller, id: string): Promise<{ packs: Pack[]; loosePills: number }> {
    const medicine = await this.owned(caller, id);
    const today = await this.today(caller);
    const { packs, loosePills } = packsOfMedicine(
      medicine,
      await this.deps.packs.ofMedicine(id, caller.userId),
      today,
    );
    return { packs, loosePills };
  }

  /** What a scanned code says and what this user knows of it; stores nothing. */
  async read(caller: Caller, code: string) {
    const fields = readCode(code, await this.today(caller));
    const gtin = fields.gtin!;
    const mapping = await this.deps.packs.mapping(caller.userId, gtin);
    const added = fields.serial
      ? await this.deps.packs.withSerial(caller.userId, gtin, fields.serial)
      : undefined;
    const reading: PackReading = {
      gtin,
      expiresOn: fields.expiresOn,
      batch: fields.batch,
      serial: fields.serial,
      count: fields.count,
      source: fields.source === 'typed' ? 'element-string' : fields.source,
    };
    return {
      reading,
      mapping: mapping ? toMapping(mapping) : null,
      added: added ? { ...added, addedAt: added.addedAt.toISOString() } : null,
    };
  }

  /**
   * Adds a pack: read and checked before anything is written (a bad code, an expired pack, a serial
   * known already: nothing stored), then the pack, its refill and the GTIN's mapping in one
   * transaction. A replay of its idempotency key answers the first answer (decision 071).
   */
  async add(caller: Caller, input: AddPackInput): Promise<{ pack: Pack; medicine: Medicine }> {
    const { id, remember = true, inSupply = false, idempotencyKey: _key, ...given } = input;
    const { response } = await this.deps.idempotency.once(
      caller.userId,
      'pack.add',
      { ...input },
      {
        check: async () => {
          const medicine = await this.owned(caller, id);
          const today = await this.today(caller);
          const fields = packFieldsOf(given, today);
          const mapping = fields.gtin ? await this.deps.packs.mapping(caller.userId, fields.gtin) : undefined;
          const pills = given.pills ?? mapping?.pillsPerPack ?? fields.count;
          if (!pills) throw badRequest('How many pills does this pack hold? Enter the number.');
          if (pills > LIMITS.maxPills) throw badRequest(`A pack holds at most ${LIMITS.maxPills} pills.`);
          const { pillsLeft } = supplyOf(medicine, today);
          if (!inSupply && supplyAfterRefill(pillsLeft, pills) > LIMITS.maxPills) {
            throw badRequest(`A supply holds at most ${LIMITS.maxPills} pills: ${pillsLeft} are left.`);
          }
          if (fields.gtin && fields.serial) await this.refuseKnownSerial(caller, fields.gtin, fields.serial);
          return { medicine, today, fields, pills, pillsLeft };
        },
        write: async (tx, { medicine, today, fields, pills, pillsLeft }) => {
          const { packs, refills, changes } = this.deps.scopeOf(tx);
          const now = this.deps.clock.now();
          // A pack whose pills the supply counts already (decision 342: the first pack of a medicine
          // added with it as its supply) is recorded without a refill of its own.
          let refillId: string | null = null;
          if (!inSupply) {
            const supply = {
              totalPills: pillsLeft + pills,
              takenAtRefill: medicine.takenTotal,
              added: pills,
            };
            refillId = await refills.refill(id, caller.userId, supply, now);
            if (!refillId) throw notFound(MEDICINE_NOT_FOUND);
          }
          const pack = await packs.insert({
            userId: caller.userId,
            medicineId: id,
            refillId,
            gtin: fields.gtin,
            batch: fields.batch,
            serial: fields.serial,
            expiresOn: fields.expiresOn,
            pills,
            addedAt: now,
          });
          // Another scan of the same serial got in first: the unique index is the last word, and
          // the refusal rolls the refill back.
          if (!pack) {
            await this.refuseKnownSerial(caller, fields.gtin!, fields.serial!, tx);
            throw conflict('This pack was added already.', ERROR_REASONS.packSerialKnown);
          }
          if (remember && fields.gtin) await packs.setMapping(caller.userId, fields.gtin, id, pills, now);
          if (refillId) await changes.supplyChanged(caller.userId);
          await changes.packsChanged(caller.userId);
          return this.answer(caller, id, pack.id, today, this.deps.scopeOf(tx));
        },
      },
    );
    return response;
  }

  private async refuseKnownSerial(
    caller: Caller,
    gtin: string,
    serial: string,
    tx?: Database,
  ): Promise<void> {
    const packs = tx ? this.deps.scopeOf(tx).packs : this.deps.packs;
    const known = await packs.withSerial(caller.userId, gtin, serial);
    if (!known) return;
    throw conflict(
      `This pack (serial ${serial}) was added to ${known.medicineName} on ${known.addedAt.toISOString().slice(0, 10)}: a pack is added once.`,
      ERROR_REASONS.packSerialKnown,
    );
  }

  /** Finished or thrown away: the pills the supply counts in it come off, the pack is kept. */
  async usedUp(caller: Caller, id: string, packId: string): Promise<{ pack: Pack; medicine: Medicine }> {
    const today = await this.today(caller);
    return this.deps.transaction(async (scope) => {
      const { medicine, pack, pillsLeftOf } = await this.lockedPack(scope, caller, id, packId, today);
      if (pack.usedUpAt) throw conflict('This pack is marked used up already.');
      const inPack = pillsLeftOf.get(pack.id) ?? 0;
      await this.withdraw(scope, caller, medicine, inPack, today);
      await scope.packs.markUsedUp(pack.id, caller.userId, this.deps.clock.now());
      await scope.changes.packsChanged(caller.userId);
      return this.answer(caller, id, pack.id, today, scope);
    });
  }

  /**
   * Added by mistake: the pack goes with its refill, and the pills it added come off the supply. A
   * pack recorded in the supply (no refill of its own, decision 342) added none: the supply stays.
   */
  async remove(caller: Caller, id: string, packId: string): Promise<{ medicine: Medicine }> {
    const today = await this.today(caller);
    return this.deps.transaction(async (scope) => {
      const { medicine, pack } = await this.lockedPack(scope, caller, id, packId, today);
      if (!pack.usedUpAt && pack.refillId) await this.withdraw(scope, caller, medicine, pack.pills, today);
      await scope.packs.remove(pack);
      await scope.changes.packsChanged(caller.userId);
      const row = await scope.medicines.findOwned(id, caller.userId);
      return { medicine: toMedicine(row!, caller.email, today) };
    });
  }

  /** The medicine locked for the write (two at once cannot both count the same pills), and the pack. */
  private async lockedPack(scope: PackWriteScope, caller: Caller, id: string, packId: string, today: string) {
    if (!(await scope.planChanges.lockMedicine(id, caller.userId))) throw notFound(PACK_NOT_FOUND);
    const medicine = await scope.medicines.findOwned(id, caller.userId);
    const pack = await scope.packs.findOwned(packId, id, caller.userId);
    if (!medicine || !pack) throw notFound(PACK_NOT_FOUND);
    const { pillsLeftOf } = packsOfMedicine(medicine, await scope.packs.ofMedicine(id, caller.userId), today);
    return { medicine, pack, pillsLeftOf };
  }

  private async withdraw(
    scope: PackWriteScope,
    caller: Caller,
    medicine: MedicineWithTotals,
    pills: number,
    today: string,
  ): Promise<void> {
    const { pillsLeft } = supplyOf(medicine, today);
    const supply = { totalPills: Math.max(pillsLeft - pills, 0), takenAtRefill: medicine.takenTotal };
    await scope.refills.withdraw(medicine.id, caller.userId, supply, this.deps.clock.now());
    await scope.changes.supplyChanged(caller.userId);
  }

  private async answer(caller: Caller, id: string, packId: string, today: string, scope: PackWriteScope) {
    const medicine = await scope.medicines.findOwned(id, caller.userId);
    if (!medicine) throw notFound(MEDICINE_NOT_FOUND);
    const { packs } = packsOfMedicine(medicine, await scope.packs.ofMedicine(id, caller.userId), today);
    return { pack: packs.find((p) => p.id === packId)!, medicine: toMedicine(medicine, caller.email, today) };
  }
}

import type { Pack } from '@medrem/contract';
import { daysToExpiry, isExpired, packStock } from '@medrem/domain';
import type { MedicineWithTotals } from '../medicines/medicine.repository';
import { supplyOf } from '../medicines/medicine-view';
import type { PackRow } from './pack.repository';

/** A pack as the API shows it, with the pills the supply counts in it (decision 322). */
export function toPack(row: PackRow, pillsLeft: number, today: string): Pack {
  const used = row.usedUpAt !== null;
  return {
    id: row.id,
    medicineId: row.medicineId,
    gtin: row.gtin,
    batch: row.batch,
    serial: row.serial,
    expiresOn: row.expiresOn,
    pills: row.pills,
    pillsLeft: used ? 0 : pillsLeft,
    state: used ? 'used-up' : isExpired(row.expiresOn, today) ? 'expired' : 'on-hand',
    daysToExpiry: daysToExpiry(row.expiresOn, today),
    addedAt: row.addedAt.toISOString(),
    usedUpAt: row.usedUpAt?.toISOString() ?? null,
  };
}

/**
 * A medicine's packs with what is left in each: those on hand first-expiring first, then the used-up
 * ones, last used first; and the supply's pills in no recorded pack.
 */
export function packsOfMedicine(medicine: MedicineWithTotals, rows: readonly PackRow[], today: string) {
  const onHand = rows.filter((r) => r.usedUpAt === null);
  const stock = packStock(onHand, supplyOf(medicine, today).pillsLeft);
  const packs = onHand.map((r) => toPack(r, stock.pillsLeft.get(r.id) ?? 0, today));
  // on-hand and expired packs are in use order already (packStock's), the used-up ones after them.
  const order = new Map([...stock.pillsLeft.keys()].reverse().map((id, i) => [id, i]));
  packs.sort((a, b) => order.get(a.id)! - order.get(b.id)!);
  const usedUp = rows
    .filter((r) => r.usedUpAt !== null)
    .sort((a, b) => b.usedUpAt!.getTime() - a.usedUpAt!.getTime())
    .map((r) => toPack(r, 0, today));
  return { packs: [...packs, ...usedUp], loosePills: stock.loosePills, pillsLeftOf: stock.pillsLeft };
}

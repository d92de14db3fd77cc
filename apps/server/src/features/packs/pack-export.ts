import type { DataExport } from '@medrem/contract';
import type { PackRepository } from './pack.repository';

/** A user's packs and GTIN mappings as the data export carries them (issue 58). */
export async function packExportOf(
  packs: PackRepository,
  userId: string,
): Promise<Required<Pick<DataExport, 'packs' | 'gtinMappings'>>> {
  const [rows, mappings] = await Promise.all([packs.allOf(userId), packs.mappingRowsOf(userId)]);
  return {
    packs: rows.map((p) => ({
      id: p.id,
      medicineId: p.medicineId,
      gtin: p.gtin,
      batch: p.batch,
      serial: p.serial,
      expiresOn: p.expiresOn,
      pills: p.pills,
      addedAt: p.addedAt.toISOString(),
      usedUpAt: p.usedUpAt?.toISOString() ?? null,
    })),
    gtinMappings: mappings.map((m) => ({
      gtin: m.gtin,
      medicineId: m.medicineId,
      pillsPerPack: m.pillsPerPack,
      updatedAt: m.updatedAt.toISOString(),
    })),
  };
}

import { t } from '@lingui/core/macro';
import { httpStatusOf, messageOf } from '../../lib/api-error';
import { trpc } from '../../lib/trpc';
import type { ScannedForAdd } from './scan-pack-to-add.component';

/**
 * The pack scanned on the add screen, recorded once its medicine exists (decision 342): `inSupply`,
 * as its pills are the supply just typed, so its expiry, batch and serial are kept and nothing is
 * counted twice; the product is remembered for the medicine in the same write. One idempotency key
 * per save: a send whose answer was lost is sent again and applied once. Resolves to the sentence
 * to tell when the pack could not be recorded (the medicine is added all the same).
 */
export function useRecordFirstPack(): (
  medicineId: string,
  scanned: ScannedForAdd,
  typedPills: number,
) => Promise<string | null> {
  const add = trpc.pack.add.useMutation();
  const remember = trpc.pack.setMapping.useMutation();
  return async (medicineId, scanned, typedPills) => {
    const pills = scanned.pillsPerPack ?? typedPills;
    const input = {
      id: medicineId,
      code: scanned.code,
      pills,
      inSupply: true,
      idempotencyKey: crypto.randomUUID(),
    };
    try {
      await add.mutateAsync(input).catch((error: unknown) => {
        // Unreachable on the way (no HTTP answer): once more with the same key.
        if (httpStatusOf(error) === undefined) return add.mutateAsync(input);
        throw error;
      });
      return null;
    } catch (error) {
      console.warn('The scanned pack was not recorded', error);
      // Its product is still this medicine: its next scan offers "Add this pack".
      await remember
        .mutateAsync({ gtin: scanned.gtin, medicineId, pillsPerPack: pills })
        .catch((failed: unknown) => console.warn('The scanned product was not remembered', failed));
      const reason =
        messageOf(error) ??
        t({ message: 'no answer', comment: 'Why a pack was not recorded: the server did not answer' });
      return t`The scanned pack was not recorded (${reason}): add it on the medicine's page.`;
    }
  };
}

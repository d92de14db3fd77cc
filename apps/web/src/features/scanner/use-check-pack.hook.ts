import { t } from '@lingui/core/macro';
import { httpStatusOf, messageOf } from '../../lib/api-error';
import { trpc } from '../../lib/trpc';
import type { FoundPack } from './pack-found.component';

export type PackCheck = { kind: 'found'; found: FoundPack } | { kind: 'refused'; message: string };

/**
 * The server's reading of a scanned code (pack.read: stores nothing): what it says, which medicine
 * its product is for this person, and whether its serial was added before. A refusal is a sentence
 * for the scanner to show (decision 329).
 */
export function useCheckPack(): (code: string) => Promise<PackCheck> {
  const read = trpc.pack.read.useMutation();
  return async (code) => {
    try {
      const { reading, mapping, added } = await read.mutateAsync({ code });
      if (added) {
        const on = added.addedAt.slice(0, 10);
        const serial = reading.serial ?? '';
        const medicineName = added.medicineName;
        return {
          kind: 'refused',
          message: t`This pack (serial ${serial}) is already added: to ${medicineName} on ${on}.`,
        };
      }
      return { kind: 'found', found: { code, reading, mapping } };
    } catch (error) {
      if (httpStatusOf(error) === undefined) {
        return { kind: 'refused', message: t`Checking a pack needs a connection. Try again when online.` };
      }
      return { kind: 'refused', message: messageOf(error) ?? t`This pack could not be checked.` };
    }
  };
}

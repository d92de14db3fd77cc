import { setTakenFlag } from '@medrem/domain';
import { useMemo } from 'react';
import { trpc } from '../../lib/trpc';
import { useSignedInUser } from '../auth/auth.context';
import type { Medicine } from '../medicines/medicines.queries';
import { usePendingWrites } from '../offline/pending-writes.store';

/** `medicineId:slot` of a tick that waits to sync. */
export const pendingTickKey = (medicineId: string, slot: number) => `${medicineId}:${slot}`;

/**
 * Query keys: trpc medicine.getTaken {id, date} per medicine. Spec: a failed fetch leaves the
 * all-zero default, so a failure simply maps to undefined here. Ticks still waiting to sync are
 * laid over the server's answer, in the order they were made.
 */
export function useTakenToday(medicines: readonly Medicine[], date: string) {
  const user = useSignedInUser();
  const pending = usePendingWrites(user.id);
  const queries = trpc.useQueries((t) => medicines.map((m) => t.medicine.getTaken({ id: m.id, date })));
  const { takenById, takenAtById, skippedById, postponedById, pendingTicks } = useMemo(() => {
    const taken = new Map(medicines.map((m, i) => [m.id, queries[i]?.data?.takenDay?.taken] as const));
    // When each dose was taken, as the server knows it (decision 191).
    const takenAt = new Map(medicines.map((m, i) => [m.id, queries[i]?.data?.takenDay?.takenAt] as const));
    // Doses skipped on purpose (decision 225); a tick waiting to sync wins over a skip on screen.
    const skipped = new Map(medicines.map((m, i) => [m.id, queries[i]?.data?.takenDay?.skipped] as const));
    // Doses postponed to a later time today (decision 316), with those waiting to sync laid over.
    const postponed = new Map(
      medicines.map(
        (m, i) => [m.id, queries[i]?.data?.takenDay?.postponed?.map((p) => p?.to ?? null)] as const,
      ),
    );
    const waiting = new Set<string>();
    for (const entry of pending) {
      if (entry.kind === 'postpone' && entry.date === date) {
        const times = [...(postponed.get(entry.medicineId) ?? [])];
        times[entry.slot] = entry.newTime;
        postponed.set(entry.medicineId, times);
        continue;
      }
      if (entry.kind !== 'tick' || entry.date !== date) continue;
      const medicine = medicines.find((m) => m.id === entry.medicineId);
      if (!medicine) continue;
      // An every-N-hours day can have more doses than its stored frequency has flags.
      const slots = Math.max(medicine.frequency.split('-').length, entry.slot + 1);
      taken.set(
        entry.medicineId,
        setTakenFlag(taken.get(entry.medicineId) ?? '', slots, entry.slot, entry.taken ? 1 : 0),
      );
      waiting.add(pendingTickKey(entry.medicineId, entry.slot));
    }
    return {
      takenById: taken,
      takenAtById: takenAt,
      skippedById: skipped,
      postponedById: postponed,
      pendingTicks: waiting,
    };
    // queries is a new array each render; its data items are stable references.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [medicines, date, pending, ...queries.map((q) => q.data)]);
  return {
    takenById,
    takenAtById,
    skippedById,
    postponedById,
    pendingTicks,
    isPending: queries.some((q) => q.isPending),
  };
}

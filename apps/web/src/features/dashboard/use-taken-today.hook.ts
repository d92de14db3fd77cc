import { useMemo } from 'react';
import { trpc } from '../../lib/trpc';
import type { Medicine } from '../medicines/medicines.queries';

/**
 * Query keys: trpc medicine.getTaken {id, date} per medicine. Spec: a failed fetch leaves the
 * all-zero default, so a failure simply maps to undefined here.
 */
export function useTakenToday(medicines: readonly Medicine[], date: string) {
  const queries = trpc.useQueries((t) => medicines.map((m) => t.medicine.getTaken({ id: m.id, date })));
  const takenById = useMemo(
    () => new Map(medicines.map((m, i) => [m.id, queries[i]?.data?.takenDay?.taken] as const)),
    // queries is a new array each render; its data items are stable references.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [medicines, ...queries.map((q) => q.data)],
  );
  return { takenById, isPending: queries.some((q) => q.isPending) };
}

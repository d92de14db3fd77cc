import { trpc } from '../../lib/trpc';

/** Query key: trpc pack.list {id}: a medicine's packs with what is left in each (decision 322). */
export function useMedicinePacks(id: string) {
  return trpc.pack.list.useQuery({ id });
}

/** Query key: trpc pack.cabinet: every pack on hand and what runs out first (decision 324). */
export function useCabinet() {
  return trpc.pack.cabinet.useQuery({});
}

/**
 * After a pack is added, used up or removed, the supply moved too: packs, medicines (pills and days
 * left, refill reminders) and reports are asked again.
 */
export function useInvalidatePacks() {
  const utils = trpc.useUtils();
  return () => Promise.all([utils.pack.invalidate(), utils.medicine.invalidate(), utils.report.invalidate()]);
}

import type { Medicine } from '@medrem/contract';
import { trpc } from '../../lib/trpc';
import { useSignedInUser } from '../auth/auth.context';

/** Query key: trpc medicine.list {userEmail}. Used by the dashboard, the medications screen and reports. */
export function useMedicines() {
  const user = useSignedInUser();
  return trpc.medicine.list.useQuery({ userEmail: user.email }, { select: (data) => data.findMedicine });
}

/**
 * After any medicine change (add, update, delete, refill, dose tick) every medicine-derived answer
 * may be stale: the list (pillsLeft/daysLeft), one medicine, refill reminders, taken days, history.
 * The whole `medicine.*` key space is invalidated, `pack.*`, and `report.*` (the Reports aggregates count
 * the same doses); only the observed queries refetch.
 */
export function useInvalidateMedicines() {
  const utils = trpc.useUtils();
  // Packs too (issue 58): a dose or a refill moves the pills the supply counts in each pack.
  return () => Promise.all([utils.medicine.invalidate(), utils.report.invalidate(), utils.pack.invalidate()]);
}

export type { Medicine };

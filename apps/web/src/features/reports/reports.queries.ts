import { trpc } from '../../lib/trpc';
import { useSignedInUser } from '../auth/auth.context';

/**
 * Query key: trpc report.month {userEmail, month}. A dose or medicine change invalidates the whole
 * `report.*` key space together with `medicine.*` (useInvalidateMedicines, the outbox sync).
 */
export function useMonthAggregates(month: string) {
  const user = useSignedInUser();
  return trpc.report.month.useQuery({ userEmail: user.email, month });
}

import { type TrpcUtils, trpc } from '../../lib/trpc';
import { useSignedInUser } from '../auth/auth.context';

/** Query key: trpc medicine.refillReminders {userEmail}; invalidated with every `medicine.*` change. */
export function useRefillReminders() {
  const user = useSignedInUser();
  return trpc.medicine.refillReminders.useQuery({ userEmail: user.email });
}

/** useRefillReminders' query, asked for before the screen that reads it has loaded (decision 055). */
export const prefetchRefillReminders = (utils: TrpcUtils, userEmail: string) =>
  utils.medicine.refillReminders.prefetch({ userEmail });

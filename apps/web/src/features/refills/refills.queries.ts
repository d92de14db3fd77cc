import { trpc } from '../../lib/trpc';
import { useSignedInUser } from '../auth/auth.context';

/** Query key: trpc medicine.refillReminders {userEmail}; invalidated with every `medicine.*` change. */
export function useRefillReminders() {
  const user = useSignedInUser();
  return trpc.medicine.refillReminders.useQuery({ userEmail: user.email });
}

import { trpc } from '../../lib/trpc';
import { useSignedInUser } from '../auth/auth.context';

/**
 * Query keys: trpc care.circle {userEmail} (my caregivers and open invitations) and care.patients
 * {userEmail} (the people I care for). Every care write invalidates the whole `care.*` key space:
 * a removal or a leave shows at once on both sides of this device.
 */
export function useCareCircle() {
  const user = useSignedInUser();
  return trpc.care.circle.useQuery({ userEmail: user.email });
}

/** Today's status moves as the patient ticks doses: refetched every minute while the screen is open. */
export function usePeopleICareFor() {
  const user = useSignedInUser();
  return trpc.care.patients.useQuery({ userEmail: user.email }, { refetchInterval: 60_000 });
}

export function useInvalidateCare() {
  const utils = trpc.useUtils();
  return () => utils.care.invalidate();
}

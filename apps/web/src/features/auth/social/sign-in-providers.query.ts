import { trpc } from '../../../lib/trpc';

/** The third-party sign-in options of this server; they change only with its configuration. */
export function useSignInProviders() {
  return trpc.social.providers.useQuery(undefined, {
    staleTime: Infinity,
    gcTime: Infinity,
    refetchOnWindowFocus: false,
  });
}

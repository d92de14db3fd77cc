import { accessTokenStorage } from '../lib/access-token.storage';
import { plainQuery } from '../lib/plain-trpc';
import type { RouterOutputs } from '../lib/trpc';
import { savedOfflineAccount } from '../features/offline/saved-account';

/** The server's answer to "who is signed in here" (auth.session). */
export type SessionAnswer = RouterOutputs['auth']['session'];

/** The screens the signed-out first paint can show: the login form, at '/' and at '/login'. */
const SIGNED_OUT_PATHS = new Set(['/', '/login']);

/**
 * Whether this start may be a signed-out visitor's, to be answered by the server: nothing on the
 * device says otherwise (a stored access token, or an account's data saved for offline use) and
 * the address is one the signed-out first paint shows. Anything else starts the full app.
 */
export function maySignedOutStart(): boolean {
  return (
    SIGNED_OUT_PATHS.has(window.location.pathname) &&
    accessTokenStorage.get() === null &&
    savedOfflineAccount() === null
  );
}

/** auth.session by plain fetch; undefined when it could not be asked (offline, server error). */
export function fetchSession(): Promise<SessionAnswer | undefined> {
  return plainQuery<SessionAnswer>('auth.session').catch((error: unknown) => {
    console.warn('Could not ask who is signed in', error);
    return undefined;
  });
}

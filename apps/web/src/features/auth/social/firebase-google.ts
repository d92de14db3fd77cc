/**
 * Firebase Auth's Google sign-in. This module is loaded only when 'Login with Google' is pressed
 * (a dynamic import), so the Firebase SDK is never part of the first load.
 */
import { t } from '@lingui/core/macro';
import { type FirebaseApp, getApps, initializeApp } from 'firebase/app';
import {
  type Auth,
  GoogleAuthProvider,
  type UserCredential,
  browserPopupRedirectResolver,
  browserSessionPersistence,
  connectAuthEmulator,
  getRedirectResult,
  initializeAuth,
  signInWithPopup,
  signInWithRedirect,
  signOut,
} from 'firebase/auth';
import type { SignInProviders } from '@medrem/contract';
import { GOOGLE_REDIRECT_PENDING_KEY } from './google-redirect';

export type FirebaseWebConfig = NonNullable<SignInProviders['firebase']>;

export interface GoogleIdentity {
  idToken: string;
  email: string;
  name: string;
}

let auth: Auth | undefined;

function authFor(config: FirebaseWebConfig): Auth {
  if (auth) return auth;
  const app: FirebaseApp =
    getApps()[0] ??
    initializeApp({ apiKey: config.apiKey, authDomain: config.authDomain, projectId: config.projectId });
  // Session storage, not IndexedDB: the server's session is the sign-in; Firebase's is dropped
  // as soon as its ID token is handed over (signOut below).
  auth = initializeAuth(app, {
    persistence: browserSessionPersistence,
    popupRedirectResolver: browserPopupRedirectResolver,
  });
  if (config.emulatorUrl) connectAuthEmulator(auth, config.emulatorUrl, { disableWarnings: true });
  return auth;
}

async function identityOf(a: Auth, credential: UserCredential): Promise<GoogleIdentity> {
  const idToken = await credential.user.getIdToken();
  const { email, displayName } = credential.user;
  await signOut(a);
  return {
    idToken,
    email: email ?? '',
    name:
      displayName?.trim() ||
      (email ?? '').split('@')[0] ||
      t({
        message: 'Friend',
        comment: 'The name of a new account whose Google profile has neither a name nor an email address',
      }),
  };
}

/** An installed app on iOS opens no popups that can report back: use the redirect there. */
function popupsUnusable(): boolean {
  const standalone =
    window.matchMedia('(display-mode: standalone)').matches ||
    (navigator as Navigator & { standalone?: boolean }).standalone === true;
  return standalone && /iPad|iPhone|iPod/.test(navigator.userAgent);
}

/** The popup, or the redirect where popups are blocked (then this page unloads: null). */
export async function signInWithGoogle(config: FirebaseWebConfig): Promise<GoogleIdentity | null> {
  const a = authFor(config);
  const provider = new GoogleAuthProvider();
  provider.setCustomParameters({ prompt: 'select_account' });
  if (!popupsUnusable()) {
    try {
      return await identityOf(a, await signInWithPopup(a, provider));
    } catch (error) {
      if ((error as { code?: string }).code !== 'auth/popup-blocked') throw error;
    }
  }
  sessionStorage.setItem(GOOGLE_REDIRECT_PENDING_KEY, '1');
  await signInWithRedirect(a, provider);
  return null;
}

/** After a redirect sign-in: its result, once. */
export async function googleRedirectResult(config: FirebaseWebConfig): Promise<GoogleIdentity | null> {
  sessionStorage.removeItem(GOOGLE_REDIRECT_PENDING_KEY);
  const a = authFor(config);
  const credential = await getRedirectResult(a);
  return credential ? identityOf(a, credential) : null;
}

/** Firebase's own words are for developers; these are for the person at the screen. */
export function googleErrorMessage(error: unknown): string | undefined {
  switch ((error as { code?: string }).code) {
    case 'auth/popup-closed-by-user':
    case 'auth/cancelled-popup-request':
    case 'auth/user-cancelled':
      return undefined; // the user changed their mind: nothing to report
    case 'auth/network-request-failed':
      return t`Google cannot be reached. Check your connection and try again.`;
    case 'auth/unauthorized-domain':
      return t`Google sign-in is not allowed on this address. Please use your email and password.`;
    default:
      return t`Google sign-in did not complete. Please try again.`;
  }
}

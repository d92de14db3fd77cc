import { createContext, useContext } from 'react';
import type { SecondStep } from '@medrem/contract';
import type { CurrentUser } from './current-user';

/** A right password of an account with two-step sign-in: no session until a code (decision 286). */
export interface SecondStepNeeded {
  secondStep: SecondStep;
}

export interface AuthContextValue {
  user: CurrentUser | null;
  loading: boolean;
  /** The user, or the second step an account with two-step sign-in still has to pass. */
  login: (email: string, password: string) => Promise<CurrentUser | SecondStepNeeded>;
  /** The second step: the ticket of the password step and a code (app or recovery code). */
  completeSecondStep: (ticket: string, code: string) => Promise<CurrentUser>;
  /** Resolves with whether the server requires the mailed link before sign-in (decision 209). */
  register: (input: {
    name: string;
    email: string;
    password: string;
    /** The token of a mailed invitation, while sign-ups are invite-only (issue 57). */
    invitation?: string | undefined;
  }) => Promise<{ verificationRequired: boolean }>;
  /** Google through Firebase: the server verifies the ID token and opens its session. */
  socialLogin: (identity: {
    idToken: string;
    email: string;
    name: string;
  }) => Promise<{ user: CurrentUser; linkedExistingAccount: boolean; securedUnverifiedAccount: boolean }>;
  /** A passkey's answer from the browser: the server checks it and opens the session (issue 57). */
  passkeyLogin: (response: unknown) => Promise<CurrentUser>;
  logout: () => Promise<void>;
  /** `password`: the account's, when it has one (decision 198). */
  deleteAccount: (password?: string) => Promise<void>;
  /**
   * Where a guarded screen goes when the user signed out on purpose (account deleted: '/'); null
   * when the session was lost, and the guard sends the user to /login remembering the page.
   */
  exitTo: '/' | null;
}

export const AuthContext = createContext<AuthContextValue | null>(null);

export function useAuth(): AuthContextValue {
  const value = useContext(AuthContext);
  if (!value) throw new Error('useAuth must be used inside <AuthProvider>');
  return value;
}

/** The signed-in user, for screens behind the route guard. */
export function useSignedInUser(): CurrentUser {
  const { user } = useAuth();
  if (!user) throw new Error('useSignedInUser needs a signed-in user (render it behind <RequireAuth>)');
  return user;
}

import { createContext, useContext } from 'react';
import type { CurrentUser } from './current-user';

export interface AuthContextValue {
  user: CurrentUser | null;
  loading: boolean;
  login: (email: string, password: string) => Promise<CurrentUser>;
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

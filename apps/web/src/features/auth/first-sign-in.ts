import { t } from '@lingui/core/macro';
/**
 * Decision 193: the registration form sends the new user to the login screen with
 * `firstSignIn` in the history entry's state, so that they are welcomed, not welcomed back. The
 * server's answer to a sign-in cannot tell (it has just set the last sign-in to now); the state,
 * unlike a query parameter, leaves the address as it was and stays with the entry on a reload.
 */
declare module '@tanstack/history' {
  interface HistoryState {
    firstSignIn?: boolean;
  }
}

/** Spec: 'Welcome back! …' after a sign-in; a user who has just registered is not coming back. */
export const signedInMessage = (firstSignIn: boolean): string =>
  firstSignIn
    ? t`Welcome! You have been logged in successfully.`
    : t`Welcome back! You have been logged in successfully.`;

import type { AuthContextValue } from '../../features/auth/auth.context';
import { toCurrentUser } from '../../features/auth/current-user';
import { activeLocale } from '../../i18n/active-locale';
import { browserTimeZone } from '../../lib/browser-time-zone';
import { plainMutation } from '../../lib/plain-trpc';
import type { RouterOutputs } from '../../lib/trpc';

type User = RouterOutputs['twoFactor']['completeSignIn']['user'];

const notHere = (what: string) => () =>
  Promise.reject(new Error(`${what} is not available before the app has loaded`));

/**
 * useAuth() of the signed-out first paint (decision 051): the sign-ins the login screen offers, by
 * plain fetch to the same procedures as the full app. The server sets the session cookie; the full
 * app, started with this user, then asks for the access token as it does for any session.
 * Registering, signing out and deleting an account are screens of the full app only.
 */
export function signedOutAuth(onSignedIn: (user: User) => void): AuthContextValue {
  return {
    user: null,
    loading: false,
    exitTo: null,
    async login(email, password) {
      const result = await plainMutation<RouterOutputs['auth']['login']>('auth.login', {
        email,
        password,
        timezone: browserTimeZone(),
      });
      if ('secondStep' in result) return { secondStep: result.secondStep };
      onSignedIn(result.user);
      return toCurrentUser(result.user);
    },
    async completeSecondStep(ticket, code) {
      const { user } = await plainMutation<RouterOutputs['twoFactor']['completeSignIn']>(
        'twoFactor.completeSignIn',
        { ticket, code },
      );
      onSignedIn(user);
      return toCurrentUser(user);
    },
    async socialLogin(identity) {
      const result = await plainMutation<RouterOutputs['user']['socialLogin']>('user.socialLogin', {
        ...identity,
        timezone: browserTimeZone(),
        locale: activeLocale(),
      });
      onSignedIn(result.user);
      return {
        user: toCurrentUser(result.user),
        linkedExistingAccount: result.linkedExistingAccount,
        securedUnverifiedAccount: result.securedUnverifiedAccount,
      };
    },
    async passkeyLogin(response) {
      const { user } = await plainMutation<RouterOutputs['passkey']['signIn']>('passkey.signIn', {
        response,
        timezone: browserTimeZone(),
      });
      onSignedIn(user);
      return toCurrentUser(user);
    },
    register: notHere('Registering'),
    logout: notHere('Signing out'),
    deleteAccount: notHere('Deleting an account'),
  };
}

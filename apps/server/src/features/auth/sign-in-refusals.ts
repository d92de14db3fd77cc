import { ERROR_REASONS } from '@medrem/contract';
import { AppError } from '../../lib/app-error';

/** One message for a wrong email and a wrong password, so nobody can probe which accounts exist. */
export const INVALID_CREDENTIALS = 'Invalid email or password.';

/** Sign-in refused for an account an administrator disabled (decision 281). */
export const accountDisabled = () =>
  new AppError(
    'FORBIDDEN',
    'This account has been disabled by the administrator of this server. Ask them to re-enable it.',
    ERROR_REASONS.accountDisabled,
  );

/** /jwt with a password alone, for an account that has a second factor. */
export const secondFactorRequired = () =>
  new AppError(
    'FORBIDDEN',
    'This account has two-step sign-in: a password alone gets no access token. Sign in on the web (password and code), or use a personal access token.',
    ERROR_REASONS.twoFactorRequired,
  );

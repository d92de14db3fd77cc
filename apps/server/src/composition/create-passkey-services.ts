import type { ActivityRecorder } from '../features/activity/activity.port';
import { PRODUCT_NAME } from '../config/mail-config';
import type { AuthService } from '../features/auth/auth.service';
import { PasskeyRepository } from '../features/passkeys/passkey.repository';
import { PasskeyService } from '../features/passkeys/passkey.service';
import type { UserRepository } from '../features/users/user.repository';
import type { ServiceDependencies } from './service-dependencies';

/** Passkeys (issue 57) over the sign-in of the auth feature: its limits and its one way to a session. */
export function createPasskeyService(
  deps: ServiceDependencies,
  users: UserRepository,
  auth: AuthService,
  activity: ActivityRecorder,
) {
  return new PasskeyService({
    activity,
    passkeys: new PasskeyRepository(deps.db),
    users,
    clock: deps.clock,
    // PUBLIC_URL names the site; without it the request's own origin, unless a proxy could name it.
    site: {
      publicUrl: deps.mail.publicUrlConfigured ? deps.mail.publicUrl : undefined,
      behindProxy: deps.behindProxy ?? false,
    },
    productName: PRODUCT_NAME,
    withSignInLimits: (ip, attempt) => auth.withSignInLimits(undefined, ip, attempt),
    openSession: (userId, timezone) => auth.openSession(userId, timezone),
    requireEmailVerification: auth.requiresVerifiedEmail,
  });
}

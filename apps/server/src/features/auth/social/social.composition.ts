import type { SignInProviders } from '@medrem/contract';
import type { AppConfig } from '../../../config/config';
import type { Database } from '../../../db/database';
import type { Clock } from '../../../lib/clock';
import type { UserRepository } from '../../users/user.repository';
import type { CareChangeListener } from '../../care/care-change.port';
import type { AuthService } from '../auth.service';
import { FirebaseIdTokenVerifier } from './firebase-id-token.verifier';
import { OIDC_START_PATH } from './oidc.paths';
import { SignInMethodsService } from './sign-in-methods.service';
import { SocialSignInService } from './social-sign-in.service';
import { UnverifiedAccountClaimRepository } from './unverified-account-claim.repository';
import { UserIdentityRepository } from './user-identity.repository';

export type SocialSignInSettings = AppConfig['socialSignIn'] & {
  /** The Firebase service account (the FCM one): lets account deletion remove the Firebase user. */
  serviceAccountJson?: string | undefined;
};

/** The social sign-in services over the shared repositories; nothing is enabled unless configured. */
export function createSocialServices(deps: {
  db: Database;
  clock: Clock;
  users: UserRepository;
  auth: AuthService;
  settings: SocialSignInSettings | undefined;
  log: { warn(message: string): void };
  /** The reminder engine's care listener over a transaction (a claim empties a care circle). */
  careChangesOf: (tx: Database) => CareChangeListener;
  /** The sign-up policy for an account a provider would create (issue 57). */
  admitNewAccount?: (email: string) => Promise<void>;
}) {
  const { firebase: fb, oidc } = deps.settings ?? {};
  const identities = new UserIdentityRepository(deps.db);
  const firebase = fb
    ? new FirebaseIdTokenVerifier({
        projectId: fb.projectId,
        serviceAccountJson: deps.settings?.serviceAccountJson,
      })
    : undefined;
  const providers: SignInProviders = {
    firebase: fb
      ? {
          apiKey: fb.apiKey,
          authDomain: fb.authDomain,
          projectId: fb.projectId,
          emulatorUrl: fb.emulatorHost ? `http://${fb.emulatorHost}` : null,
        }
      : null,
    oidc: oidc ? { label: oidc.providerName, startUrl: OIDC_START_PATH } : null,
  };
  const signIn = new SocialSignInService({
    users: deps.users,
    identities,
    auth: deps.auth,
    clock: deps.clock,
    transaction: (work) =>
      deps.db.transaction((tx) =>
        work({
          identities: new UserIdentityRepository(tx),
          claims: new UnverifiedAccountClaimRepository(tx),
          care: deps.careChangesOf(tx),
        }),
      ),
    firebase,
    providers,
    oidcLabel: oidc?.providerName,
    ...(deps.admitNewAccount ? { admitNewAccount: deps.admitNewAccount } : {}),
  });
  const methods = new SignInMethodsService({
    users: deps.users,
    identities,
    firebase,
    labelOf: (provider) => signIn.labelOf(provider),
    log: deps.log,
  });
  return { signIn, methods, identities };
}

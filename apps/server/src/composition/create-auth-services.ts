import { isLocale } from '@medrem/contract';
import { SignupInvitationRepository } from '../features/admin/signup-invitation.repository';
import { InstanceSettingsRepository } from '../features/admin/instance-settings.repository';
import type { SignupPolicyService } from '../features/admin/signup-policy.service';
import type { AccessTokenRepository, TokenGrant } from '../features/access-tokens/access-token.repository';
import { AccessTokenService } from '../features/access-tokens/access-token.service';
import type { EmailVerificationService } from '../features/account/email-verification.service';
import type { ActivityService } from '../features/activity/activity.service';
import { AuthService } from '../features/auth/auth.service';
import type { KnownCaller } from '../features/auth/caller';
import type { SessionRepository } from '../features/auth/session.repository';
import type { SettingsService } from '../features/settings/settings.service';
import type { TwoFactorRepository } from '../features/two-factor/two-factor.repository';
import { UserRepository } from '../features/users/user.repository';
import { createAccessTokenSigner } from '../lib/access-token-signer';
import type { InvalidationBus } from '../lib/invalidation-bus';
import { argon2idHasher } from '../lib/password-hasher';
import { PerUserCache } from '../lib/per-user-cache';
import { createTwoFactorParts } from './create-two-factor-services';
import type { ServiceDependencies } from './service-dependencies';

/**
 * Who is calling: sign-in and sessions (with the cached caller of every request), personal access
 * tokens, and the second step. A new account and its verification mail commit together.
 */
export function createAuthServices(
  deps: ServiceDependencies,
  parts: {
    users: UserRepository;
    sessions: SessionRepository;
    personalTokens: AccessTokenRepository;
    twoFactor: TwoFactorRepository;
    settings: SettingsService;
    activity: ActivityService;
    signups: SignupPolicyService;
    emailVerification: EmailVerificationService;
    productName: string;
    invalidations: InvalidationBus;
    userCache: { ttlMs: number; maxEntries: number };
  },
) {
  const { db, clock } = deps;
  const { settings, activity, signups, emailVerification, invalidations, userCache } = parts;
  const callers = new PerUserCache<KnownCaller | null>('caller', invalidations, userCache);
  // Personal tokens (decision 266): found by hash, forgotten with their owner's `caller` entry.
  const accessTokens = new AccessTokenService({
    tokens: parts.personalTokens,
    clock,
    grants: new PerUserCache<TokenGrant | null>('pat', invalidations, {
      ...userCache,
      owner: { cache: 'caller', of: (grant) => grant?.userId },
    }),
    forgetOwner: (userId) => callers.forget(userId),
    onTouchError: (error) =>
      (deps.log ?? console).warn(`A personal token's last use was not recorded: ${String(error)}`),
    activity,
  });
  const twoFactorParts = createTwoFactorParts({
    repo: parts.twoFactor,
    clock,
    serverSecret: deps.jwtSecret,
  });
  const auth = new AuthService({
    secondStep: twoFactorParts.tickets,
    users: parts.users,
    sessions: parts.sessions,
    settings,
    hasher: deps.hasher ?? argon2idHasher,
    tokens: createAccessTokenSigner(deps.jwtSecret),
    failures: deps.failures,
    clock,
    throttle: deps.throttle,
    sessionTtlDays: deps.sessionTtlDays,
    callers,
    personalTokens: accessTokens,
    activity,
    // The account and its verification mail commit together (decision 208).
    registerUser: (values, invitation, locale) =>
      db.transaction(async (tx) => {
        const row = await signups.register(
          { email: values.email, invitation },
          { invitations: new SignupInvitationRepository(tx), settings: new InstanceSettingsRepository(tx) },
          () => new UserRepository(tx).insert(values),
        );
        // The settings with the language are saved after this commits: the mail takes it from here.
        if (row)
          await emailVerification.sendLink(tx, row, isLocale(locale) ? { locale, clock: 'auto' } : undefined);
        return row;
      }),
    requireEmailVerification: deps.mail.requireEmailVerification,
  });
  const twoFactor = twoFactorParts.service(auth, parts.users, parts.productName, activity);
  return { accessTokens, auth, twoFactor };
}

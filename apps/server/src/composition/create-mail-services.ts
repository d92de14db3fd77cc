import { AccessTokenRepository } from '../features/access-tokens/access-token.repository';
import { PRODUCT_NAME, mailTransportKind } from '../config/mail-config';
import { AccountTokenRepository } from '../features/account/account-token.repository';
import { EmailVerificationService } from '../features/account/email-verification.service';
import { MailRequestLimits } from '../features/account/mail-request-limits';
import { PasswordResetRepository } from '../features/account/password-reset.repository';
import { PasswordResetService } from '../features/account/password-reset.service';
import type { ActivityRecorder } from '../features/activity/activity.port';
import type { AuthService } from '../features/auth/auth.service';
import { SessionRepository } from '../features/auth/session.repository';
import {
  type IdentityProvider,
  UserIdentityRepository,
} from '../features/auth/social/user-identity.repository';
import { MailDeliveryRepository } from '../features/mail/mail-delivery.repository';
import { MailHealthWatch } from '../features/mail/mail-health';
import type { MailBrand } from '../features/mail/mail-layout';
import { MailOutboxRepository } from '../features/mail/mail-outbox.repository';
import { SettingsRepository } from '../features/settings/settings.repository';
import { UserRepository } from '../features/users/user.repository';
import type { Database } from '../db/database';
import { argon2idHasher } from '../lib/password-hasher';
import type { ServiceDependencies } from './service-dependencies';

/** Reset mails one address may be sent per sign-in window (decision 206): enough for a lost mail or two. */
const PASSWORD_RESETS_PER_ADDRESS = 3;

/**
 * The mail channel's part of the composition (issue 52): the outbox per transaction and the brand
 * every message carries, the public health answer's mail state, the per-address and per-IP limits
 * on mail a request may cause, and the address verification built on them.
 */
export function createMailServices(deps: ServiceDependencies, users: UserRepository) {
  const { db, clock } = deps;
  // Mail goes into the outbox in the transaction of what caused it; the workers send it (issue 52).
  const mail = {
    config: deps.mail,
    brand: {
      productName: PRODUCT_NAME,
      publicUrl: deps.mail.publicUrl,
      ...(deps.mail.operatorContact ? { operatorContact: deps.mail.operatorContact } : {}),
    } satisfies MailBrand,
    outboxOf: (tx: Database) => new MailOutboxRepository(tx, clock),
  };
  // What the public health answer says of mail (decision 221); services.plugin starts it.
  const mailHealth = new MailHealthWatch({
    transport: mailTransportKind(deps.mail),
    oldestPendingSince: () => new MailDeliveryRepository(db).oldestPendingSince(),
    clock,
  });
  // Who may make this server send mail, and how often (decision 208): per address and per IP.
  const mailLimits = new MailRequestLimits({
    counter: deps.failures,
    clock,
    policy: { perAddress: 3, perIp: 20, windowMs: deps.throttle.windowMs },
  });
  const emailVerification = new EmailVerificationService({
    db,
    users,
    clock,
    mail,
    limits: mailLimits,
  });
  return { mail, mailHealth, mailLimits, emailVerification };
}

export type MailServices = ReturnType<typeof createMailServices>;

/** Forgot password (issue 52): the link, the new password and the mail in one transaction each. */
export function createPasswordReset(
  deps: ServiceDependencies,
  parts: {
    mail: MailServices['mail'];
    auth: AuthService;
    labelOf: (provider: IdentityProvider) => string;
    activity: ActivityRecorder;
  },
) {
  const { db, clock } = deps;
  return new PasswordResetService({
    resets: new PasswordResetRepository(db),
    transaction: (work) =>
      db.transaction((tx) =>
        work({
          users: new UserRepository(tx),
          identities: new UserIdentityRepository(tx),
          sessions: new SessionRepository(tx),
          tokens: new AccountTokenRepository(tx),
          personalTokens: new AccessTokenRepository(tx),
          resets: new PasswordResetRepository(tx),
          settings: new SettingsRepository(tx),
          outbox: parts.mail.outboxOf(tx),
        }),
      ),
    auth: parts.auth,
    hasher: deps.hasher ?? argon2idHasher,
    counter: deps.failures,
    policy: {
      maxRequestsPerAddress: PASSWORD_RESETS_PER_ADDRESS,
      maxRequestsPerIp: deps.throttle.maxFailuresPerIp,
      windowMs: deps.throttle.windowMs,
    },
    clock,
    brand: parts.mail.brand,
    labelOf: parts.labelOf,
    activity: parts.activity,
  });
}

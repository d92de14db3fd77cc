import { PASSWORD_RESET_LINK_MINUTES, type ResetLinkState } from '@medrem/contract';
import { randomUUID } from 'node:crypto';
import type { InTransaction } from '../../db/in-transaction';
import { textLanguageOf } from '../../i18n/server-language';
import { badRequest, tooManyRequests } from '../../lib/app-error';
import type { AttemptCounter } from '../../lib/attempt-counter';
import { addressKey } from '../../lib/client-address';
import type { ActivityRecorder } from '../activity/activity.port';
import type { Clock } from '../../lib/clock';
import type { PasswordHasher } from '../../lib/password-hasher';
import type { AccessTokenRepository } from '../access-tokens/access-token.repository';
import { type AuthService, type NewSession, accountDisabled } from '../auth/auth.service';
import type { SessionRepository } from '../auth/session.repository';
import type { SignInResult } from '../auth/second-step-gate';
import type { IdentityProvider, UserIdentityRepository } from '../auth/social/user-identity.repository';
import type { MailBrand } from '../mail/mail-layout';
import type { MailOutbox } from '../mail/mail.port';
import type { SettingsRepository } from '../settings/settings.repository';
import { effectiveSettingsOf } from '../settings/effective-settings';
import type { UserRepository, UserRow } from '../users/user.repository';
import type { AccountTokenRepository } from './account-token.repository';
import { RESET_LINK_TTL_MS, providerSignInMail, resetMail } from './password-reset-mail';
import type { PasswordResetRepository } from './password-reset.repository';

/** How many reset requests one address and one IP (an IPv6 /64) may make per window (decision 206). */
export interface PasswordResetPolicy {
  maxRequestsPerAddress: number;
  maxRequestsPerIp: number;
  windowMs: number;
}

/** What a reset writes, built over one transaction: the password, the sessions, the links, the mail. */
export interface PasswordResetScope {
  users: UserRepository;
  identities: UserIdentityRepository;
  sessions: SessionRepository;
  tokens: AccountTokenRepository;
  /** Personal access tokens: a reset revokes them all (decision 268). */
  personalTokens: AccessTokenRepository;
  resets: PasswordResetRepository;
  /** The account's language, which its mail is written in (decision 364). */
  settings: SettingsRepository;
  outbox: MailOutbox;
}

const LINK_PROBLEMS: Record<Exclude<ResetLinkState, 'usable'>, string> = {
  used: 'This reset link has already been used. Ask for a new one if you still need to reset your password.',
  expired: `This reset link has expired: links work for ${PASSWORD_RESET_LINK_MINUTES} minutes. Ask for a new one.`,
  invalid: 'This reset link is not valid: open the whole link from the latest mail, or ask for a new one.',
};

/**
 * "Forgot password?" (issue 52, decisions 204–207): a mailed single-use link, then a new password
 * that ends every other session. The request answers the same for every address, whether or not it
 * has an account, and costs about the same (a read and, for an account, one small transaction: no
 * password hash on either path), so neither the answer nor its time tells who has an account.
 */
export class PasswordResetService {
  constructor(
    private readonly deps: {
      resets: PasswordResetRepository;
      transaction: InTransaction<PasswordResetScope>;
      auth: AuthService;
      hasher: PasswordHasher;
      counter: AttemptCounter;
      policy: PasswordResetPolicy;
      clock: Clock;
      brand: MailBrand;
      labelOf: (provider: IdentityProvider) => string;
      activity: ActivityRecorder;
    },
  ) {}

  /** Mails a reset link (or, for a provider-only account, how it signs in); nothing for an unknown address. */
  async request(input: { email: string; ip: string }): Promise<void> {
    await this.countRequest(input.email, input.ip);
    await this.mailLink(input.email);
  }

  /**
   * The same mail, asked by an administrator for an account (issue 57): not counted against the
   * person's own requests, which stay theirs.
   */
  async mailLink(email: string): Promise<void> {
    const now = this.deps.clock.now();
    await this.deps.transaction(async (scope) => {
      const user = await scope.users.findByEmail(email);
      if (!user) return;
      const language = textLanguageOf(effectiveSettingsOf(await scope.settings.find(user.id)));
      if (user.passwordHash === null) {
        const links = await scope.identities.listForUser(user.id);
        if (links.length > 0) {
          const providers = links.map((link) => this.deps.labelOf(link.provider as IdentityProvider));
          await scope.outbox.enqueue(
            providerSignInMail(recipient(user), providers, this.deps.brand, language),
          );
          return;
        }
      }
      const token = await scope.tokens.issue({
        userId: user.id,
        purpose: 'password-reset',
        email: user.email,
        now,
        ttlMs: RESET_LINK_TTL_MS,
      });
      await scope.outbox.enqueue(resetMail(recipient(user), token, this.deps.brand, language));
    });
  }

  /**
   * Every request counts, for an account or not (so the limit tells nothing either); one refused
   * is taken back, or a patient attacker would keep the address locked for ever.
   */
  private async countRequest(email: string, ip: string): Promise<void> {
    const { counter, policy } = this.deps;
    const now = this.deps.clock.now();
    const id = randomUUID();
    const addressCounterKey = `reset:address:${email}`;
    const ipCounterKey = `reset:ip:${addressKey(ip)}`;
    const [byAddress, byIp] = await Promise.all([
      counter.add(addressCounterKey, now, id),
      counter.add(ipCounterKey, now, id),
    ]);
    if (byAddress <= policy.maxRequestsPerAddress && byIp <= policy.maxRequestsPerIp) return;
    await Promise.all([counter.remove(addressCounterKey, id), counter.remove(ipCounterKey, id)]);
    const minutes = Math.ceil(policy.windowMs / 60_000);
    throw tooManyRequests(
      `Too many password reset requests. Please check your mailbox (and spam folder) for the last link, or wait ${minutes} minutes and ask again.`,
    );
  }

  /** What the link is now; asking does not use it. */
  async check(token: string): Promise<ResetLinkState> {
    return this.deps.resets.linkState(token, this.deps.clock.now());
  }

  /**
   * Sets the new password with the link, in one transaction with everything it implies: the link
   * used, every session ended and every access token revoked (the token version) with every personal
   * token (whoever knew the old password may have made one, decision 268), the account's
   * other reset links dropped, an unverified address verified. Then a session as after a sign-in.
   * A bad link changes nothing and counts as a failed sign-in from this IP.
   */
  async confirm(input: { token: string; password: string; ip: string }): Promise<SignInResult<NewSession>> {
    return this.deps.auth.withSignInLimits(undefined, input.ip, async () => {
      const now = this.deps.clock.now();
      const state = await this.deps.resets.linkState(input.token, now);
      if (state !== 'usable') throw badRequest(LINK_PROBLEMS[state]);
      // Hashed only for a link that looked usable: a forged one costs no argon2 run.
      const passwordHash = await this.deps.hasher.hash(input.password);
      const userId = await this.deps.transaction(async (scope) => {
        const used = await scope.tokens.use(input.token, 'password-reset', now);
        // Used by a request that came at the same moment.
        if (!used) throw badRequest(LINK_PROBLEMS.used);
        const user = await scope.users.findById(used.userId);
        // The address changed since the mail: the link was for the old one.
        if (!user || user.email !== used.email) throw badRequest(LINK_PROBLEMS.invalid);
        // A disabled account gets no new password and no session (decision 281).
        if (user.disabledAt !== null) throw accountDisabled();
        await scope.sessions.revokeAllExcept(user.id, undefined, passwordHash);
        await scope.tokens.revoke(user.id, 'password-reset');
        await scope.personalTokens.deleteAllForUser(user.id);
        await scope.resets.markEmailVerified(user.id, user.email, now);
        return user.id;
      });
      await this.deps.auth.forgetCaller(userId);
      this.deps.activity.record({ userId, kind: 'password-reset', detail: {} });
      // The link proves the mailbox, one factor: two-step sign-in still asks its second (286).
      return this.deps.auth.signInProven(userId);
    });
  }
}

const recipient = (user: UserRow) => ({ userId: user.id, name: user.name, email: user.email });

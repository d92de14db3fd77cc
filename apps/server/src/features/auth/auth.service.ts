import { ERROR_REASONS, type PublicUser, RECENT_SIGN_IN_MINUTES } from '@medrem/contract';
import type { Locale } from '@medrem/contract/locales';
import { createHash, randomBytes } from 'node:crypto';
import { AppError, badRequest, conflict, forbidden, unauthorized } from '../../lib/app-error';
import type { AccessTokenSigner } from '../../lib/access-token-signer';
import type { AttemptCounter } from '../../lib/attempt-counter';
import { type LoginThrottlePolicy, SignInLimiter } from './sign-in-limiter';
import { BearerAuthenticator, type PersonalTokenCheck } from './bearer-authenticator';
import type { Clock } from '../../lib/clock';
import type { PasswordHasher } from '../../lib/password-hasher';
import type { SessionRepository } from './session.repository';
import type { UserRepository, UserRow } from '../users/user.repository';
import type { Caller, KnownCaller } from './caller';
import type { ActivityRecorder } from '../activity/activity.port';
import type { PerUserCache } from '../../lib/per-user-cache';
import type { SettingsService } from '../settings/settings.service';
import { toPublicUser } from '../users/user-view';
import type { SecondStepGate, SignInResult } from './second-step-gate';
import { INVALID_CREDENTIALS, accountDisabled, secondFactorRequired } from './sign-in-refusals';

export { INVALID_CREDENTIALS, accountDisabled } from './sign-in-refusals';

export interface NewSession {
  token: string;
  expiresAt: Date;
}

export interface NewAccount {
  name: string;
  email: string;
  passwordHash: string;
  createdAt: Date;
}

const hashSessionToken = (token: string) => createHash('sha256').update(token).digest('hex');

export class AuthService {
  // A real hash to verify against when the email is unknown, so both failures cost the same time.
  private decoyHash: Promise<string> | undefined;
  private readonly limiter: SignInLimiter;
  private readonly bearers: BearerAuthenticator;

  constructor(
    private readonly deps: {
      users: UserRepository;
      sessions: SessionRepository;
      settings: SettingsService;
      hasher: PasswordHasher;
      tokens: AccessTokenSigner;
      failures: AttemptCounter;
      clock: Clock;
      throttle: LoginThrottlePolicy;
      sessionTtlDays: number;
      /** Who each user id is now (email, token version): read per request, changed by revocations. */
      callers: PerUserCache<KnownCaller | null>;
      /**
       * The account's insert and its verification mail, committed together (decision 208), under
       * the sign-up policy (an invitation used in the same transaction, decision 283).
       */
      registerUser: (
        values: NewAccount,
        invitation: string | undefined,
        /** The registering browser's language: the verification mail is written in it (decision 364). */
        locale: string | undefined,
      ) => Promise<UserRow | undefined>;
      /** REQUIRE_EMAIL_VERIFICATION: a password sign-in needs a verified address (decision 209). */
      requireEmailVerification: boolean;
      /** A bearer with the personal-token prefix: its owner and scopes, or null (decision 266). */
      personalTokens?: PersonalTokenCheck;
      activity: ActivityRecorder;
      /** Two-step sign-in: a right password of an account that has it opens no session (286). */
      secondStep?: SecondStepGate;
    },
  ) {
    this.limiter = new SignInLimiter(deps);
    this.bearers = new BearerAuthenticator(deps);
  }

  async register(input: {
    name: string;
    email: string;
    password: string;
    timezone?: string | undefined;
    locale?: string | undefined;
    invitation?: string | undefined;
  }) {
    const passwordHash = await this.deps.hasher.hash(input.password);
    const row = await this.deps.registerUser(
      { name: input.name, email: input.email, passwordHash, createdAt: this.deps.clock.now() },
      input.invitation,
      input.locale,
    );
    if (!row) throw conflict('An account with this email already exists. Please log in instead.');
    if (input.timezone || input.locale) {
      await this.deps.settings.adoptBrowserDefaults(row.id, {
        ...(input.timezone ? { timezone: input.timezone } : {}),
        ...(input.locale ? { locale: input.locale } : {}),
      });
    }
    return toPublicUser(row);
  }

  /** Whether an account signs in with its password only once its address is verified. */
  get requiresVerifiedEmail(): boolean {
    return this.deps.requireEmailVerification;
  }

  /**
   * Checks the password, with failures limited per account and per IP (sign-in-limiter.ts); an
   * unknown email is checked against a decoy hash, so both failures cost the same time.
   */
  private async verifyPassword(email: string, password: string, ip: string) {
    const user = await this.withSignInLimits(`login:account:${email}`, ip, async () => {
      const found = await this.deps.users.findByEmail(email);
      const stored = found?.passwordHash ?? (await this.decoy());
      const ok = await this.deps.hasher.verify(stored, password);
      if (!found || !found.passwordHash || !ok) throw unauthorized(INVALID_CREDENTIALS);
      return found;
    });
    // Only once the password was right: it tells nobody else whether the address has an account.
    if (this.deps.requireEmailVerification && user.emailVerifiedAt === null) {
      throw new AppError(
        'FORBIDDEN',
        'Please verify your email address first: open the link we mailed you. No mail? Ask for a new one.',
        ERROR_REASONS.emailUnverified,
      );
    }
    if (user.disabledAt !== null) throw accountDisabled();
    return user;
  }

  /** One sign-in attempt under the failure limits (sign-in-limiter.ts); social sign-in shares them. */
  withSignInLimits<T>(accountKey: string | undefined, ip: string, attempt: () => Promise<T>): Promise<T> {
    return this.limiter.run(accountKey, ip, attempt);
  }

  private decoy(): Promise<string> {
    this.decoyHash ??= this.deps.hasher.hash(randomBytes(16).toString('hex'));
    return this.decoyHash;
  }

  async login(input: {
    email: string;
    password: string;
    ip: string;
    timezone?: string | undefined;
  }): Promise<SignInResult<NewSession>> {
    const user = await this.verifyPassword(input.email, input.password, input.ip);
    return this.signInProven(user.id, input.timezone);
  }

  /** After a proof that is one factor (a password, a reset link): the second step when it is on. */
  async signInProven(userId: string, timezone?: string): Promise<SignInResult<NewSession>> {
    const gate = this.deps.secondStep;
    if (gate && (await gate.required(userId))) return { secondStep: await gate.begin(userId, timezone) };
    return this.openSession(userId, timezone);
  }

  /**
   * The session of a proven identity: a password here, or a provider's verified token (social
   * sign-in). `timezone`: the browser's zone, saved if the account has no settings yet; `locale`:
   * its language, saved with them (an account made by a provider's sign-in, issue 54).
   */
  async openSession(
    userId: string,
    timezone?: string,
    locale?: Locale,
  ): Promise<{ user: PublicUser; session: NewSession }> {
    const now = this.deps.clock.now();
    // Every way in ends here (password, provider, reset link): none opens a disabled account.
    if ((await this.deps.users.findById(userId))?.disabledAt) throw accountDisabled();
    const updated = await this.deps.users.update(userId, { lastLogin: now });
    if (timezone || locale) {
      await this.deps.settings.adoptBrowserDefaults(userId, {
        ...(timezone ? { timezone } : {}),
        ...(locale ? { locale } : {}),
      });
    }
    await this.deps.sessions.deleteExpiredForUser(userId, now);
    const session = await this.startSession(userId, now);
    return { user: toPublicUser(updated), session };
  }

  private async startSession(userId: string, now: Date): Promise<NewSession> {
    const token = randomBytes(32).toString('base64url');
    const expiresAt = new Date(now.getTime() + this.deps.sessionTtlDays * 86_400_000);
    // Started by the service's clock, as it is judged (a fresh sign-in, decision 198).
    await this.deps.sessions.insert({
      tokenHash: hashSessionToken(token),
      userId,
      createdAt: now,
      expiresAt,
    });
    return { token, expiresAt };
  }

  async logout(sessionToken: string | undefined): Promise<void> {
    if (sessionToken) await this.deps.sessions.delete(hashSessionToken(sessionToken));
  }

  async sessionUser(sessionToken: string | undefined): Promise<PublicUser | null> {
    if (!sessionToken) return null;
    const user = await this.deps.sessions.findLiveUser(hashSessionToken(sessionToken), this.deps.clock.now());
    return user ? toPublicUser(user) : null;
  }

  /**
   * Signs an access token only for a proven identity: a live session of that very email, or the
   * account's password. (The original app signed a token for any email it was sent.)
   */
  async issueAccessToken(input: {
    email: string;
    password?: string | undefined;
    sessionToken?: string | undefined;
    ip: string;
  }): Promise<{ token: string; expiresAt: string }> {
    let userId: string | undefined;
    if (input.sessionToken) {
      const user = await this.deps.sessions.findLiveUser(
        hashSessionToken(input.sessionToken),
        this.deps.clock.now(),
      );
      if (user?.email === input.email) userId = user.id;
    }
    if (!userId && input.password !== undefined) {
      userId = (await this.verifyPassword(input.email, input.password, input.ip)).id;
      if (await this.deps.secondStep?.required(userId)) throw secondFactorRequired();
    }
    if (!userId) throw unauthorized('Please log in to continue.');
    const user = await this.deps.users.findById(userId);
    if (!user) throw unauthorized('Please log in to continue.');
    return this.signAccessToken(userId, input.email, user.tokenVersion);
  }

  /**
   * The user of a live session and an access token for them, from the one lookup that proves the
   * session (the page sent to a session, decision 061: the same proof `issueAccessToken` accepts);
   * null when the session is not live.
   */
  async sessionAccess(sessionToken: string | undefined): Promise<{ user: PublicUser; token: string } | null> {
    if (!sessionToken) return null;
    const row = await this.deps.sessions.findLiveUser(hashSessionToken(sessionToken), this.deps.clock.now());
    if (!row) return null;
    const { token } = await this.signAccessToken(row.id, row.email, row.tokenVersion);
    return { user: toPublicUser(row), token };
  }

  private async signAccessToken(userId: string, email: string, tokenVersion: number) {
    const signed = await this.deps.tokens.sign({ userId, email, tokenVersion }, this.deps.clock.now());
    return { token: signed.token, expiresAt: signed.expiresAt.toISOString() };
  }

  /** The caller of a bearer token, or null (bearer-authenticator.ts). */
  authenticate(bearer: string | undefined): Promise<Caller | null> {
    return this.bearers.authenticate(bearer);
  }

  /** The account is gone: no process may take its tokens from what it remembers. */
  async forgetCaller(userId: string): Promise<void> {
    await this.deps.callers.forget(userId);
  }

  /**
   * "Sign out everywhere": every other session ends and every access token issued so far stops
   * working; the caller's own session (its cookie) stays, so this device fetches a new token.
   */
  async signOutEverywhere(caller: Caller, sessionToken: string | undefined): Promise<number> {
    const ended = await this.endOtherSessions(caller.userId, sessionToken);
    this.deps.activity.record({ userId: caller.userId, kind: 'signed-out-everywhere', detail: {} });
    return ended;
  }

  /** Every other session and every access token issued so far end; this session's cookie stays. */
  async endOtherSessions(userId: string, sessionToken: string | undefined): Promise<number> {
    const ended = await this.deps.sessions.revokeAllExcept(userId, this.ownSession(sessionToken));
    await this.deps.callers.forget(userId);
    return ended;
  }

  /**
   * Asks again who is at the keyboard before an irreversible step (deleting the account, decision
   * 198): the password of an account that has one, counted as a sign-in attempt (a stolen session
   * cannot guess it faster than the login form); else a sign-in made within the last
   * RECENT_SIGN_IN_MINUTES, proven by this request's session.
   */
  async confirmIdentity(
    caller: Caller,
    proof: { password?: string | undefined; sessionToken?: string | undefined; ip: string },
  ): Promise<void> {
    const user = await this.deps.users.findById(caller.userId);
    if (!user) throw unauthorized();
    const { passwordHash } = user;
    if (passwordHash !== null) {
      const { password } = proof;
      if (!password) throw badRequest('Enter your password to confirm.');
      await this.withSignInLimits(`login:account:${user.email}`, proof.ip, async () => {
        if (!(await this.deps.hasher.verify(passwordHash, password))) {
          throw badRequest('Your password is not correct.');
        }
      });
      return;
    }
    const now = this.deps.clock.now();
    const started = proof.sessionToken
      ? await this.deps.sessions.startedAt(hashSessionToken(proof.sessionToken), user.id, now)
      : undefined;
    if (!started || now.getTime() - started.getTime() > RECENT_SIGN_IN_MINUTES * 60_000) {
      throw forbidden(
        `For your safety, sign in again, then do this within ${RECENT_SIGN_IN_MINUTES} minutes.`,
      );
    }
  }

  private ownSession(sessionToken: string | undefined): string | undefined {
    return sessionToken ? hashSessionToken(sessionToken) : undefined;
  }

  /**
   * A new password needs the current one; the email never changes. The new password ends every
   * other session and every access token issued before it (someone who knew the old one is out).
   * An account made by a social sign-in has none: its first password needs only the signed-in caller.
   */
  async changePassword(
    userId: string,
    currentPassword: string | undefined,
    newPassword: string,
    sessionToken?: string,
  ) {
    const user = await this.deps.users.findById(userId);
    if (!user) throw unauthorized();
    const ok =
      user.passwordHash === null ||
      (currentPassword !== undefined && (await this.deps.hasher.verify(user.passwordHash, currentPassword)));
    if (!ok) throw badRequest('Your current password is not correct.');
    const passwordHash = await this.deps.hasher.hash(newPassword);
    await this.deps.sessions.revokeAllExcept(userId, this.ownSession(sessionToken), passwordHash);
    await this.deps.callers.forget(userId);
  }
}

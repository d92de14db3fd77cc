import {
  ERROR_REASONS,
  MAX_PASSKEYS,
  PASSKEY_CHALLENGE_MINUTES,
  type Passkey,
  type PublicUser,
} from '@medrem/contract';
import type {
  AuthenticationResponseJSON,
  AuthenticatorTransportFuture,
  RegistrationResponseJSON,
} from '@simplewebauthn/server';
import { AppError, badRequest, conflict, notFound, unauthorized } from '../../lib/app-error';
import type { Clock } from '../../lib/clock';
import type { Caller } from '../auth/caller';
import type { ActivityRecorder } from '../activity/activity.port';
import type { NewSession } from '../auth/auth.service';
import type { UserRow } from '../users/user.repository';
import type { ChallengePurpose, PasskeyRepository } from './passkey.repository';
import { type RelyingPartySettings, relyingPartyFor } from './relying-party';
import {
  BAD_SIGNATURE,
  CHALLENGE_GONE,
  COUNTER_REFUSED,
  NOT_REGISTERED,
  challengeOf,
  publicKeyBytes,
  publicKeyText,
  refusalOf,
  toPasskey,
  userHandleOf,
  userIdOfHandle,
} from './passkey-answers';

/** ES256, EdDSA, RS256: what platform authenticators and security keys sign with. */
const ALGORITHMS = [-7, -8, -257];
const CHALLENGE_MS = PASSKEY_CHALLENGE_MINUTES * 60_000;

/**
 * Passkeys (WebAuthn through @simplewebauthn/server, decision 290): registration by a signed-in
 * account, a sign-in by the passkey alone (a discoverable credential with user verification is two
 * factors), and their names. Every challenge is stored and taken once (decision 291); the site is
 * PUBLIC_URL's or, on the embedded default, the request's own (decision 292).
 */
export class PasskeyService {
  constructor(
    private readonly deps: {
      /** New and removed passkeys go into the account's activity record (decision 294). */
      activity: ActivityRecorder;
      passkeys: PasskeyRepository;
      users: { findById(id: string): Promise<UserRow | undefined> };
      clock: Clock;
      site: RelyingPartySettings;
      productName: string;
      /** A sign-in under the per-IP failure limits (the password's, sign-in-limiter.ts). */
      withSignInLimits: <T>(ip: string, attempt: () => Promise<T>) => Promise<T>;
      /** The session of a proven identity (AuthService.openSession: a disabled account is refused). */
      openSession: (userId: string, timezone?: string) => Promise<{ user: PublicUser; session: NewSession }>;
      requireEmailVerification: boolean;
    },
  ) {}

  async list(caller: Caller): Promise<{ passkeys: Passkey[] }> {
    return { passkeys: (await this.deps.passkeys.listForUser(caller.userId)).map(toPasskey) };
  }

  async registrationOptions(caller: Caller, requestOrigin: string) {
    const site = relyingPartyFor(this.deps.site, requestOrigin);
    const user = await this.deps.users.findById(caller.userId);
    if (!user) throw unauthorized();
    const held = await this.deps.passkeys.listForUser(user.id);
    if (held.length >= MAX_PASSKEYS) throw tooMany();
    const options = await (
      await webauthn()
    ).generateRegistrationOptions({
      rpName: this.deps.productName,
      rpID: site.rpID,
      userName: user.email,
      userDisplayName: user.name,
      userID: userHandleOf(user.id),
      timeout: CHALLENGE_MS,
      attestationType: 'none',
      // The browser refuses to make a second passkey for this account on an authenticator with one.
      excludeCredentials: held.map((p) => ({ id: p.credentialId, transports: transportsOf(p.transports) })),
      authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
      supportedAlgorithmIDs: ALGORITHMS,
    });
    await this.storeChallenge(options.challenge, 'registration', user.id);
    return { options: options as unknown as Record<string, unknown> };
  }

  async register(
    caller: Caller,
    requestOrigin: string,
    input: { name?: string | undefined; response: RegistrationResponseJSON },
  ): Promise<{ passkey: Passkey }> {
    const site = relyingPartyFor(this.deps.site, requestOrigin);
    const challenge = challengeOf(input.response.response.clientDataJSON);
    // Taken before the check: a forged answer uses its challenge up as a genuine one does.
    await this.takeChallenge(challenge, 'registration', caller.userId);
    const result = await (
      await webauthn()
    )
      .verifyRegistrationResponse({
        response: input.response,
        expectedChallenge: challenge,
        expectedOrigin: site.origin,
        expectedRPID: site.rpID,
        requireUserVerification: true,
        supportedAlgorithmIDs: ALGORITHMS,
      })
      .catch((error: unknown) => {
        throw refusalOf(error);
      });
    if (!result.verified) throw badRequest(BAD_SIGNATURE);
    const { credential } = result.registrationInfo;
    const stored = await this.deps.passkeys.insertWithin(MAX_PASSKEYS, {
      userId: caller.userId,
      credentialId: credential.id,
      publicKey: publicKeyText(credential.publicKey),
      counter: credential.counter,
      transports: (credential.transports ?? []).join(' '),
      name: input.name ?? 'Passkey',
      createdAt: this.deps.clock.now(),
    });
    if (stored === 'limit') throw tooMany();
    if (stored === 'duplicate') throw conflict('This passkey is registered already.');
    this.deps.activity.record({
      userId: caller.userId,
      kind: 'passkey-added',
      detail: { name: stored.name },
    });
    return { passkey: toPasskey(stored) };
  }

  async signInOptions(requestOrigin: string) {
    const site = relyingPartyFor(this.deps.site, requestOrigin);
    // No allowCredentials: the browser offers whichever passkeys it holds for this site.
    const options = await (
      await webauthn()
    ).generateAuthenticationOptions({
      rpID: site.rpID,
      timeout: CHALLENGE_MS,
      userVerification: 'required',
    });
    await this.storeChallenge(options.challenge, 'authentication', null);
    return { options: options as unknown as Record<string, unknown> };
  }

  /** A sign-in by the passkey alone: every failure counts against the IP, as a wrong password does. */
  signIn(input: {
    response: AuthenticationResponseJSON;
    timezone?: string | undefined;
    origin: string;
    ip: string;
  }): Promise<{ user: PublicUser; session: NewSession }> {
    const site = relyingPartyFor(this.deps.site, input.origin);
    return this.deps.withSignInLimits(input.ip, async () => {
      const { response } = input;
      const challenge = challengeOf(response.response.clientDataJSON);
      await this.takeChallenge(challenge, 'authentication', null);
      const passkey = await this.deps.passkeys.findByCredentialId(response.id);
      if (!passkey) throw unauthorized(NOT_REGISTERED);
      const handle = response.response.userHandle;
      if (handle !== undefined && userIdOfHandle(handle) !== passkey.userId)
        throw unauthorized(NOT_REGISTERED);
      const result = await (
        await webauthn()
      )
        .verifyAuthenticationResponse({
          response,
          expectedChallenge: challenge,
          expectedOrigin: site.origin,
          expectedRPID: site.rpID,
          credential: {
            id: passkey.credentialId,
            publicKey: publicKeyBytes(passkey.publicKey),
            counter: passkey.counter,
            transports: transportsOf(passkey.transports),
          },
          requireUserVerification: true,
        })
        .catch((error: unknown) => {
          throw refusalOf(error);
        });
      if (!result.verified) throw unauthorized(BAD_SIGNATURE);
      const { newCounter } = result.authenticationInfo;
      // The counter the check was made against, still stored: of two uses at once, one wins.
      const recorded = await this.deps.passkeys.recordUse(
        passkey.id,
        passkey.counter,
        newCounter,
        this.deps.clock.now(),
      );
      if (!recorded) throw unauthorized(COUNTER_REFUSED);
      await this.assertMaySignIn(passkey.userId);
      return this.deps.openSession(passkey.userId, input.timezone);
    });
  }

  async rename(caller: Caller, id: string, name: string): Promise<{ passkey: Passkey }> {
    const row = await this.deps.passkeys.rename(caller.userId, id, name);
    if (!row) throw notFound('No such passkey of yours.');
    return { passkey: toPasskey(row) };
  }

  async remove(caller: Caller, id: string): Promise<{ removed: true }> {
    const name = await this.deps.passkeys.delete(caller.userId, id);
    if (name === undefined) throw notFound('No such passkey of yours.');
    this.deps.activity.record({ userId: caller.userId, kind: 'passkey-removed', detail: { name } });
    return { removed: true };
  }

  /** REQUIRE_EMAIL_VERIFICATION holds for a passkey as for a password (decision 209). */
  private async assertMaySignIn(userId: string): Promise<void> {
    if (!this.deps.requireEmailVerification) return;
    const user = await this.deps.users.findById(userId);
    if (user && user.emailVerifiedAt === null) {
      throw new AppError(
        'FORBIDDEN',
        'Please verify your email address first: open the link we mailed you.',
        ERROR_REASONS.emailUnverified,
      );
    }
  }

  private async storeChallenge(challenge: string, purpose: ChallengePurpose, userId: string | null) {
    const now = this.deps.clock.now();
    await this.deps.passkeys.storeChallenge(
      { challenge, purpose, userId, expiresAt: new Date(now.getTime() + CHALLENGE_MS) },
      now,
    );
  }

  private async takeChallenge(challenge: string, purpose: ChallengePurpose, userId: string | null) {
    const taken = await this.deps.passkeys.takeChallenge(challenge, purpose, userId, this.deps.clock.now());
    if (!taken) throw badRequest(CHALLENGE_GONE);
  }
}

const tooMany = () =>
  conflict(`You have ${MAX_PASSKEYS} passkeys already: remove one before adding another.`);

const transportsOf = (stored: string): AuthenticatorTransportFuture[] =>
  stored === '' ? [] : (stored.split(' ') as AuthenticatorTransportFuture[]);

/**
 * The WebAuthn library, loaded with the first passkey ceremony: most servers never see one, and
 * loaded at start it and its ASN.1 readers held ~10 MiB for the life of the process (decision 337).
 */
const webauthn = () => import('@simplewebauthn/server');

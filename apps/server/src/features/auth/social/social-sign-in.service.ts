import type { PublicUser, SignInProviders } from '@medrem/contract';
import type { Locale } from '@medrem/contract/locales';
import { conflict, unauthorized } from '../../../lib/app-error';
import type { Clock } from '../../../lib/clock';
import type { InTransaction } from '../../../db/in-transaction';
import type { CareChangeListener } from '../../care/care-change.port';
import type { UserRepository } from '../../users/user.repository';
import type { AuthService, NewSession } from '../auth.service';
import type { FirebaseIdTokenVerifier } from './firebase-id-token.verifier';
import type { UnverifiedAccountClaimRepository } from './unverified-account-claim.repository';
import type { IdentityProvider, UserIdentityRepository } from './user-identity.repository';
import { type VerifiedIdentity, normaliseEmail } from './verified-identity';

export interface SocialSignInResult {
  user: PublicUser;
  session: NewSession;
  /** True only on the sign-in that linked the provider to an existing password account. */
  linkedExistingAccount: boolean;
  /**
   * True only on the sign-in that linked a password account whose address was never verified: its
   * password, sessions, links, devices, calendar feed and caregivers were removed (decision 219).
   */
  securedUnverifiedAccount: boolean;
}

/** What linking writes, over one transaction: the link, and the claim of an unverified account. */
export interface SocialLinkScope {
  identities: UserIdentityRepository;
  claims: UnverifiedAccountClaimRepository;
  /** The reminder engine's caregiver-alert rows follow a care circle the claim emptied. */
  care: CareChangeListener;
}

export const PROVIDER_LABELS: Record<IdentityProvider, string> = { firebase: 'Google', oidc: 'OpenID' };

const NAME_MAX = 100;

/**
 * Sign-in through a provider (Firebase/Google or an OpenID Connect issuer). Only what the provider
 * signed counts: an email in a request body is never trusted, and an unverified email never opens
 * or links an account. The session afterwards is the one a password sign-in opens.
 */
export class SocialSignInService {
  constructor(
    private readonly deps: {
      users: UserRepository;
      identities: UserIdentityRepository;
      auth: AuthService;
      clock: Clock;
      /** Links a provider, and claims an unverified account, in one transaction. */
      transaction: InTransaction<SocialLinkScope>;
      firebase: FirebaseIdTokenVerifier | undefined;
      /**
       * The sign-up policy for an account the provider would create (decision 282): throws when it
       * may not be made. Unset: every new account is admitted.
       */
      admitNewAccount?: (email: string) => Promise<void>;
      /** What the web app needs to show the buttons (nothing secret). */
      providers: SignInProviders;
      oidcLabel: string | undefined;
    },
  ) {}

  providers(): SignInProviders {
    return this.deps.providers;
  }

  labelOf(provider: IdentityProvider): string {
    return provider === 'oidc' ? (this.deps.oidcLabel ?? PROVIDER_LABELS.oidc) : PROVIDER_LABELS.firebase;
  }

  /** The spec's `social-login`: a Firebase ID token, whose verified email must be the one sent. */
  async firebaseSignIn(input: {
    idToken: string | undefined;
    email: string;
    name: string;
    timezone?: string | undefined;
    locale?: Locale | undefined;
  }): Promise<SocialSignInResult> {
    const { firebase } = this.deps;
    if (!firebase) throw unauthorized('Google sign-in is not configured on this server.');
    if (!input.idToken) throw unauthorized('Sign-in with Google needs the ID token Firebase issued.');
    const identity = await firebase.verify(input.idToken);
    if (!identity) throw unauthorized('Your Google sign-in could not be verified. Please try again.');
    if (identity.email !== normaliseEmail(input.email)) {
      throw unauthorized('The email does not match the signed-in Google account.');
    }
    return this.signIn('firebase', identity, {
      name: input.name,
      timezone: input.timezone,
      locale: input.locale,
    });
  }

  /** Finds the account by the provider's subject, else creates it or links it by verified email. */
  async signIn(
    provider: IdentityProvider,
    identity: VerifiedIdentity,
    /** From the browser: a new account's first settings (its zone and language, issue 54). */
    hints: { name?: string | undefined; timezone?: string | undefined; locale?: Locale | undefined } = {},
  ): Promise<SocialSignInResult> {
    if (!identity.email || !identity.emailVerified) {
      throw unauthorized(
        `Your email address at ${this.labelOf(provider)} is not verified. Verify it there, or sign in with your password.`,
      );
    }
    const known = await this.deps.identities.findBySubject(provider, identity.subject);
    let userId = known?.userId;
    let linkedExistingAccount = false;
    let securedUnverifiedAccount = false;
    if (!userId) {
      // A new account obeys the sign-up policy; linking to an existing one is no sign-up.
      if (this.deps.admitNewAccount && !(await this.deps.users.findByEmail(identity.email))) {
        await this.deps.admitNewAccount(identity.email);
      }
      const now = this.deps.clock.now();
      const name = (hints.name ?? identity.name ?? identity.email.split('@')[0] ?? '')
        .trim()
        .slice(0, NAME_MAX);
      const created = await this.deps.users.insert({
        name: name || identity.email,
        email: identity.email,
        passwordHash: null,
        createdAt: now,
      });
      const user = created ?? (await this.deps.users.findByEmail(identity.email));
      if (!user) throw unauthorized('Your account could not be found. Please try again.');
      const { link, claimed } = await this.deps.transaction(async ({ identities, claims, care }) => {
        const inserted = await identities.insert({
          provider,
          subject: identity.subject,
          userId: user.id,
          email: identity.email,
          createdAt: now,
        });
        // Nobody ever proved this address before the provider did: whoever registered it may not be
        // its owner, and must not keep a way in (decision 219: account pre-hijacking).
        if (!inserted || created || user.emailVerifiedAt !== null) return { link: inserted, claimed: false };
        const done = await claims.claim(user.id, identity.email, now);
        if (done) await care.careChanged(user.id);
        return { link: inserted, claimed: done };
      });
      if (!link) {
        // Another request linked this subject at the same moment, or the account already has a
        // different account of this provider linked: only the former may sign in.
        const raced = await this.deps.identities.findBySubject(provider, identity.subject);
        if (raced?.userId !== user.id) {
          throw conflict(
            `This account is already linked to another ${this.labelOf(provider)} account. Sign in with your password and unlink it in Settings first.`,
          );
        }
      }
      // Every process forgets the tokens the claim revoked (decision 131).
      if (claimed) await this.deps.auth.forgetCaller(user.id);
      linkedExistingAccount = !created && link !== undefined && user.passwordHash !== null;
      securedUnverifiedAccount = claimed;
      userId = user.id;
    }
    // The provider vouches for this address: the account is verified if it uses it (decision 208).
    await this.deps.users.markVerified(userId, identity.email, this.deps.clock.now());
    const opened = await this.deps.auth.openSession(userId, hints.timezone, hints.locale);
    return { ...opened, linkedExistingAccount, securedUnverifiedAccount };
  }
}

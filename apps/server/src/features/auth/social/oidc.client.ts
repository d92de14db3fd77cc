import * as client from 'openid-client';
import { type VerifiedIdentity, normaliseEmail } from './verified-identity';

export interface OidcSettings {
  issuer: string;
  clientId: string;
  clientSecret: string;
}

/** What the browser carries between the start and the callback (an httpOnly cookie). */
export interface OidcTransaction {
  state: string;
  nonce: string;
  codeVerifier: string;
  /** A same-site path to land on afterwards. */
  redirect: string;
}

const isLoopback = (url: URL) => ['127.0.0.1', 'localhost', '[::1]'].includes(url.hostname);

/**
 * The authorization code flow with PKCE (S256), state and nonce, through openid-client: discovery,
 * the authorization URL, then the code exchange, whose ID token openid-client verifies (signature
 * against the issuer's JWKS, issuer, audience, expiry, nonce).
 */
export class OidcClient {
  private configuration: Promise<client.Configuration> | undefined;

  constructor(private readonly settings: OidcSettings) {}

  private discover(): Promise<client.Configuration> {
    const issuer = new URL(this.settings.issuer);
    this.configuration ??= client
      .discovery(issuer, this.settings.clientId, this.settings.clientSecret, undefined, {
        // Plain http only for a provider on this machine (tests, a local Keycloak); never remote.
        ...(issuer.protocol === 'http:' && isLoopback(issuer)
          ? { execute: [client.allowInsecureRequests] }
          : {}),
      })
      .catch((error: unknown) => {
        this.configuration = undefined; // try again on the next sign-in
        throw error;
      });
    return this.configuration;
  }

  async start(redirectUri: string, redirect: string): Promise<{ url: URL; transaction: OidcTransaction }> {
    const configuration = await this.discover();
    const transaction: OidcTransaction = {
      state: client.randomState(),
      nonce: client.randomNonce(),
      codeVerifier: client.randomPKCECodeVerifier(),
      redirect,
    };
    const url = client.buildAuthorizationUrl(configuration, {
      redirect_uri: redirectUri,
      scope: 'openid email profile',
      code_challenge: await client.calculatePKCECodeChallenge(transaction.codeVerifier),
      code_challenge_method: 'S256',
      state: transaction.state,
      nonce: transaction.nonce,
    });
    return { url, transaction };
  }

  /** Exchanges the code of `callbackUrl`; throws when any check fails. */
  async finish(callbackUrl: URL, transaction: OidcTransaction): Promise<VerifiedIdentity> {
    const configuration = await this.discover();
    const tokens = await client.authorizationCodeGrant(configuration, callbackUrl, {
      pkceCodeVerifier: transaction.codeVerifier,
      expectedState: transaction.state,
      expectedNonce: transaction.nonce,
      idTokenExpected: true,
    });
    const idClaims = tokens.claims();
    if (!idClaims) throw new Error('The provider sent no ID token.');
    // Some providers put the email only in the userinfo answer.
    const claims =
      typeof idClaims.email === 'string'
        ? idClaims
        : {
            ...(await client.fetchUserInfo(configuration, tokens.access_token, idClaims.sub)),
            sub: idClaims.sub,
          };
    return {
      subject: claims.sub,
      email: normaliseEmail(claims.email),
      emailVerified: claims.email_verified === true,
      name: typeof claims.name === 'string' ? claims.name : undefined,
    };
  }
}

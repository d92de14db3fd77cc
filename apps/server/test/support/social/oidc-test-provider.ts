import { exportJWK, generateKeyPair } from 'jose';
import { randomBytes } from 'node:crypto';
import type { Server } from 'node:http';
import Provider from 'oidc-provider';
import { freePort } from '../free-port';

export interface OidcTestProvider {
  issuer: string;
  clientId: string;
  clientSecret: string;
  stop(): Promise<void>;
}

/**
 * The login typed into the provider's form is the account's email. A login starting with
 * "unverified" has `email_verified: false`, as a provider reports an address nobody confirmed.
 */
export function claimsOfLogin(login: string) {
  const email = login.trim().toLowerCase();
  return {
    sub: `oidc-${Buffer.from(email).toString('hex')}`,
    email,
    email_verified: !email.startsWith('unverified'),
    name: `Oidc ${email.split('@')[0] ?? ''}`,
  };
}

/**
 * A standard OpenID Provider (node-oidc-provider, certified) on a free loopback port, with its
 * development login and consent pages, one confidential client and a fresh RS256 key.
 */
export async function startOidcTestProvider(options: {
  redirectUris: string[];
  port?: number;
  clientSecret?: string;
}) {
  const port = options.port ?? (await freePort());
  const issuer = `http://127.0.0.1:${port}`;
  const clientId = 'medicine-reminder';
  const clientSecret = options.clientSecret ?? randomBytes(24).toString('base64url');
  const { privateKey } = await generateKeyPair('RS256', { extractable: true });
  const jwk = { ...(await exportJWK(privateKey)), use: 'sig', alg: 'RS256', kid: 'test-key' };
  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: clientId,
        client_secret: clientSecret,
        redirect_uris: options.redirectUris,
        grant_types: ['authorization_code'],
        response_types: ['code'],
      },
    ],
    jwks: { keys: [jwk] },
    cookies: { keys: [randomBytes(32).toString('hex')] },
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'] },
    features: { devInteractions: { enabled: true } },
    findAccount: (_ctx, id) => ({ accountId: id, claims: () => claimsOfLogin(id) }),
  });
  const server: Server = await new Promise((resolve) => {
    const listening = provider.listen(port, '127.0.0.1', () => resolve(listening));
  });
  return {
    issuer,
    clientId,
    clientSecret,
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  } satisfies OidcTestProvider;
}

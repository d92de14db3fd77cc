import { PAT_PREFIX, type TokenScope } from '@medrem/contract';
import type { AccessTokenSigner } from '../../lib/access-token-signer';
import type { Clock } from '../../lib/clock';
import type { PerUserCache } from '../../lib/per-user-cache';
import type { UserRepository } from '../users/user.repository';
import type { Caller, KnownCaller } from './caller';

/** A personal token's check (the access-tokens feature): its owner and scopes, or null. */
export interface PersonalTokenCheck {
  authenticate(secret: string): Promise<{ userId: string; scopes: TokenScope[] } | null>;
}

/**
 * Who a bearer token is: a signed access token (a session's, decision 131), or a personal access
 * token, told apart by its prefix (decision 266). Both end at the same per-process `callers` entry,
 * so a deleted account or a changed address stops either kind at once in every process.
 */
export class BearerAuthenticator {
  constructor(
    private readonly deps: {
      users: UserRepository;
      tokens: AccessTokenSigner;
      clock: Clock;
      callers: PerUserCache<KnownCaller | null>;
      personalTokens?: PersonalTokenCheck;
    },
  ) {}

  /** The caller; null when the token is bad, revoked or expired, or its account no longer exists. */
  async authenticate(bearer: string | undefined): Promise<Caller | null> {
    if (!bearer) return null;
    if (bearer.startsWith(PAT_PREFIX)) {
      const grant = await this.deps.personalTokens?.authenticate(bearer);
      const user = grant ? await this.knownCaller(grant.userId) : null;
      return grant && user ? { userId: grant.userId, email: user.email, scopes: grant.scopes } : null;
    }
    const claims = await this.deps.tokens.verify(bearer, this.deps.clock.now());
    if (!claims) return null;
    const user = await this.knownCaller(claims.userId);
    if (!user || user.email !== claims.email) return null;
    // Revoked: issued before the last password change or "sign out everywhere".
    if (user.tokenVersion !== claims.tokenVersion) return null;
    return { userId: claims.userId, email: user.email };
  }

  private knownCaller(userId: string): Promise<KnownCaller | null> {
    return this.deps.callers.get(
      userId,
      async () => {
        const row = await this.deps.users.findById(userId);
        return row ? { email: row.email, tokenVersion: row.tokenVersion } : null;
      },
      (known) => known !== null,
    );
  }
}

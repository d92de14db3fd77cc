import { createSecretKey } from 'node:crypto';
import { SignJWT, jwtVerify } from 'jose';

export const ACCESS_TOKEN_TTL_SECONDS = 3600;
const ISSUER = 'medicine-reminder';
const AUDIENCE = 'medicine-reminder-api';

export interface AccessTokenClaims {
  userId: string;
  email: string;
  /** The account's token version when it was issued (claim `tv`; tokens from before it carry none: 0). */
  tokenVersion: number;
}

export interface AccessTokenSigner {
  sign(claims: AccessTokenClaims, now: Date): Promise<{ token: string; expiresAt: Date }>;
  /** The claims of a valid token, or null for a missing, expired, forged or malformed one. */
  verify(token: string, now: Date): Promise<AccessTokenClaims | null>;
}

/** Verified tokens kept per process: a bearer token is sent with every call of its hour. */
const VERIFIED_TOKENS_KEPT = 10_000;

/**
 * HS256 JWTs of at most one hour. A token that verified once is remembered until it expires (the
 * signature cannot change; revocation is the token version, checked per call by the caller), so a
 * call pays for an HMAC only on a token's first use in this process.
 */
export function createAccessTokenSigner(secret: string): AccessTokenSigner {
  const key = createSecretKey(Buffer.from(secret, 'utf8'));
  const verified = new Map<string, { claims: AccessTokenClaims; expiresAtMs: number; notBeforeMs: number }>();
  return {
    async sign(claims, now) {
      const issuedAt = Math.floor(now.getTime() / 1000);
      const expiresAt = issuedAt + ACCESS_TOKEN_TTL_SECONDS;
      const token = await new SignJWT({ email: claims.email, tv: claims.tokenVersion })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setSubject(claims.userId)
        .setIssuer(ISSUER)
        .setAudience(AUDIENCE)
        .setIssuedAt(issuedAt)
        .setExpirationTime(expiresAt)
        .sign(key);
      return { token, expiresAt: new Date(expiresAt * 1000) };
    },
    async verify(token, now) {
      const known = verified.get(token);
      if (known) {
        const at = now.getTime();
        // The same window jwtVerify would check: not after expiry, not before issue (clock skew).
        return at < known.expiresAtMs && at >= known.notBeforeMs ? known.claims : null;
      }
      try {
        const { payload } = await jwtVerify(token, key, {
          algorithms: ['HS256'],
          issuer: ISSUER,
          audience: AUDIENCE,
          currentDate: now,
          maxTokenAge: ACCESS_TOKEN_TTL_SECONDS,
        });
        if (typeof payload.sub !== 'string' || typeof payload.email !== 'string') return null;
        const version = payload.tv ?? 0;
        if (typeof version !== 'number' || !Number.isSafeInteger(version) || version < 0) return null;
        const claims = { userId: payload.sub, email: payload.email, tokenVersion: version };
        if (typeof payload.exp === 'number' && typeof payload.iat === 'number') {
          if (verified.size >= VERIFIED_TOKENS_KEPT) verified.clear();
          verified.set(token, {
            claims,
            // maxTokenAge bounds it too: whichever ends first.
            expiresAtMs: Math.min(payload.exp, payload.iat + ACCESS_TOKEN_TTL_SECONDS) * 1000,
            notBeforeMs: payload.iat * 1000,
          });
        }
        return claims;
      } catch {
        return null;
      }
    },
  };
}

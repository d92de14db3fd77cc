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

/** HS256 JWTs of at most one hour. */
export function createAccessTokenSigner(secret: string): AccessTokenSigner {
  const key = new TextEncoder().encode(secret);
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
        return { userId: payload.sub, email: payload.email, tokenVersion: version };
      } catch {
        return null;
      }
    },
  };
}

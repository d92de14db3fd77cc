import { createHash, createHmac, timingSafeEqual } from 'node:crypto';

const PURPOSE = 'medrem.care-invitation.v1';

export interface InvitationClaims {
  invitationId: string;
  expiresAt: Date;
}

/**
 * The token of a caregiver invitation link: `v1.<invitation id>.<expiry, epoch seconds>.<HMAC>`. The
 * HMAC key is derived from the server's configured (or generated) access-token secret with a purpose
 * label of its own, so an invitation token can never pass for an access token or the other way round.
 * Only the token's SHA-256 is stored: a leaked table holds no working link.
 */
export class InvitationTokens {
  private readonly key: Buffer;

  constructor(secret: string) {
    this.key = createHmac('sha256', secret).update(PURPOSE).digest();
  }

  sign(claims: InvitationClaims): string {
    const body = `v1.${claims.invitationId}.${Math.floor(claims.expiresAt.getTime() / 1000)}`;
    return `${body}.${this.mac(body)}`;
  }

  /** The claims of a token this server signed; undefined for anything else (forged, cut, altered). */
  verify(token: string): InvitationClaims | undefined {
    const parts = token.split('.');
    if (parts.length !== 4 || parts[0] !== 'v1') return undefined;
    const [version, invitationId, expiry, mac] = parts as [string, string, string, string];
    const expected = Buffer.from(this.mac(`${version}.${invitationId}.${expiry}`));
    const given = Buffer.from(mac);
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return undefined;
    if (!/^[0-9a-f-]{36}$/.test(invitationId) || !/^\d{1,12}$/.test(expiry)) return undefined;
    return { invitationId, expiresAt: new Date(Number(expiry) * 1000) };
  }

  private mac(body: string): string {
    return createHmac('sha256', this.key).update(body).digest('base64url');
  }
}

/** What is stored of a token. */
export const tokenHashOf = (token: string) => createHash('sha256').update(token).digest('hex');

/** What a provider vouches for, after its token was verified. */
export interface VerifiedIdentity {
  /** The provider's stable user id. */
  subject: string;
  /** Trimmed and lower-cased, as accounts store it; empty when the provider gave none. */
  email: string;
  emailVerified: boolean;
  name: string | undefined;
}

export function normaliseEmail(email: unknown): string {
  return typeof email === 'string' ? email.trim().toLowerCase() : '';
}

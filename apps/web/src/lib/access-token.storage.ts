import { ACCESS_TOKEN_STORAGE_KEY } from '@medrem/domain';
import { base64UrlJson } from './base64url-json';

/** What the client reads of its own token (never trusted: the server verifies every call). */
interface TokenClaims {
  sub?: unknown;
  email?: unknown;
  exp?: unknown;
}

const claimsOf = (token: string) => base64UrlJson(token.split('.')[1] ?? '') as TokenClaims | null;

/** A token closer than this to its expiry is not used to start with: it would answer 401 mid-start. */
const START_MARGIN_MS = 60_000;

/** The bearer token lives in localStorage under the spec's key, so every tab shares it. */
export const accessTokenStorage = {
  get(): string | null {
    return localStorage.getItem(ACCESS_TOKEN_STORAGE_KEY);
  },
  set(token: string): void {
    localStorage.setItem(ACCESS_TOKEN_STORAGE_KEY, token);
  },
  remove(): void {
    localStorage.removeItem(ACCESS_TOKEN_STORAGE_KEY);
  },
  /**
   * Whether the stored token was issued to this user under their current address and is still valid
   * a minute from `now` (the server's time, decision 082), so that a start can call with it while a
   * new one is asked for (decision 057). A token of the address before an email change is not (the
   * server refuses it, decision 211). A revoked token passes this and is answered 401, which
   * refreshes as always.
   */
  usableFor(user: { id: string; email: string }, now: Date): boolean {
    const token = this.get();
    const claims = token ? claimsOf(token) : null;
    return (
      claims?.sub === user.id &&
      claims.email === user.email &&
      typeof claims.exp === 'number' &&
      claims.exp * 1000 > now.getTime() + START_MARGIN_MS
    );
  },
};

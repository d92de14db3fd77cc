import { ACCESS_TOKEN_STORAGE_KEY } from '@medrem/domain';

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
};

import { describe, expect, it } from 'vitest';
import { accessTokenStorage } from './access-token.storage';

describe('accessTokenStorage', () => {
  it('keeps the bearer token under the spec’s local-storage key, access-token', () => {
    // The key is part of the spec (sections 6 and 9): other tabs and older clients read it there.
    accessTokenStorage.set('token-1');
    expect(localStorage.getItem('access-token')).toBe('token-1');
    expect(accessTokenStorage.get()).toBe('token-1');
    accessTokenStorage.remove();
    expect(localStorage.getItem('access-token')).toBeNull();
    expect(accessTokenStorage.get()).toBeNull();
  });
});

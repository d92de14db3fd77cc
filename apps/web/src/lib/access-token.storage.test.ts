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

describe('accessTokenStorage.usableFor', () => {
  const now = new Date('2026-11-25T10:00:00.000Z');
  const tokenWith = (claims: Record<string, unknown>) =>
    `eyJhbGciOiJIUzI1NiJ9.${btoa(JSON.stringify(claims)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '')}.signature`;
  const inSeconds = (seconds: number) => Math.floor(now.getTime() / 1000) + seconds;

  const user = { id: 'user-1', email: 'a@example.com' };

  it('accepts a token of this user valid for more than a minute', () => {
    accessTokenStorage.set(tokenWith({ sub: 'user-1', email: 'a@example.com', exp: inSeconds(3_000) }));
    expect(accessTokenStorage.usableFor(user, now)).toBe(true);
  });

  it('refuses a token of this user under the address they had before an email change (decision 211)', () => {
    accessTokenStorage.set(tokenWith({ sub: 'user-1', email: 'old@example.com', exp: inSeconds(3_000) }));
    expect(accessTokenStorage.usableFor(user, now)).toBe(false);
  });

  it('refuses a token of another user, one about to expire, an expired one, none, and garbage', () => {
    accessTokenStorage.set(tokenWith({ sub: 'user-2', email: 'a@example.com', exp: inSeconds(3_000) }));
    expect(accessTokenStorage.usableFor(user, now)).toBe(false);
    accessTokenStorage.set(tokenWith({ sub: 'user-1', email: 'a@example.com', exp: inSeconds(30) }));
    expect(accessTokenStorage.usableFor(user, now)).toBe(false);
    accessTokenStorage.set(tokenWith({ sub: 'user-1', email: 'a@example.com', exp: inSeconds(-10) }));
    expect(accessTokenStorage.usableFor(user, now)).toBe(false);
    accessTokenStorage.set(tokenWith({ sub: 'user-1', email: 'a@example.com' }));
    expect(accessTokenStorage.usableFor(user, now)).toBe(false);
    accessTokenStorage.set('not-a-jwt');
    expect(accessTokenStorage.usableFor(user, now)).toBe(false);
    accessTokenStorage.remove();
    expect(accessTokenStorage.usableFor(user, now)).toBe(false);
  });
});

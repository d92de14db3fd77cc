import { renderHook, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';

const shown: { type: string; message: string; options: unknown }[] = [];
vi.mock('../../../lib/toast', () => ({
  notify: Object.fromEntries(
    ['success', 'error', 'warning', 'info'].map((type) => [
      type,
      (message: string, options?: unknown) => shown.push({ type, message, options }),
    ]),
  ),
}));
vi.mock('./sign-in-providers.hook', () => ({
  useSignInProviders: () => ({ firebase: null, oidc: { label: 'Home SSO', startUrl: '/x' } }),
}));

beforeEach(() => {
  shown.length = 0;
  vi.resetModules();
});

const noticeAfter = async (search: string) => {
  window.history.replaceState(null, '', `/settings${search}`);
  const { useSignInNotice } = await import('./sign-in-notice.hook');
  renderHook(() => useSignInNotice(search));
  await waitFor(() => expect(shown).toHaveLength(1));
  return shown[0]!;
};

describe('what the OpenID Connect redirect reports (decision 219)', () => {
  it('signin=secured: a warning that stays long enough to read what was removed', async () => {
    const notice = await noticeAfter('?tab=profile&signin=secured');
    expect(notice.type).toBe('warning');
    expect(notice.message).toMatch(/^Your Home SSO sign-in opened the account registered with this email\./);
    expect(notice.message).toContain('we removed its password, signed out its devices');
    expect(notice.options).toEqual({ durationMs: 15_000 });
    // Told once: the address loses the parameter and keeps the rest.
    expect(window.location.search).toBe('?tab=profile');
  });

  it('signin=linked: the usual note that both ways sign in', async () => {
    const notice = await noticeAfter('?signin=linked');
    expect(notice).toMatchObject({ type: 'info', message: expect.stringContaining('now linked') });
  });
});

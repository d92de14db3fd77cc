import { TRPCClientError, type Operation } from '@trpc/client';
import { observable } from '@trpc/server/observable';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { accessTokenStorage } from './access-token.storage';
import { authTokenLink } from './auth-token.link';
import { sessionIdentity } from './session-identity';
import { startToken } from './start-token';
import type * as TokenRefresh from './token-refresh';
import { SessionLostError, refreshAccessToken } from './token-refresh';

vi.mock('./token-refresh', async (load) => ({
  ...(await load<typeof TokenRefresh>()),
  refreshAccessToken: vi.fn(),
}));

const unauthorized = () =>
  new TRPCClientError('expired', {
    result: { error: { message: 'expired', code: -32001, data: { httpStatus: 401 } } },
  });

const op = (path: string): Operation => ({
  id: 1,
  type: 'query',
  path,
  input: {},
  context: {},
  signal: null,
});

/** Runs one operation through the link; `answers` are what the next link does on each call. */
function run(path: string, answers: ('ok' | '401')[]) {
  let calls = 0;
  const next = vi.fn(() =>
    observable<never, TRPCClientError<never>>((observer) => {
      const answer = answers[calls++];
      if (answer === 'ok') {
        observer.next({ result: { type: 'data', data: 'fresh' } } as never);
        observer.complete();
      } else observer.error(unauthorized());
    }),
  );
  const link = authTokenLink({});
  return new Promise<{ result: unknown; next: typeof next }>((resolve) => {
    link({ op: op(path), next: next }).subscribe({
      next: (value) => resolve({ result: value, next }),
      error: (error) => resolve({ result: error, next }),
    });
  });
}

describe('authTokenLink', () => {
  beforeEach(() => {
    vi.mocked(refreshAccessToken).mockReset();
    accessTokenStorage.set('old-token');
  });

  it('on a 401 drops the token, gets a fresh one with the session and retries once', async () => {
    vi.mocked(refreshAccessToken).mockResolvedValue('new-token');
    const { result, next } = await run('medicine.list', ['401', 'ok']);
    expect(result).toMatchObject({ result: { data: 'fresh' } });
    expect(next).toHaveBeenCalledTimes(2);
    expect(refreshAccessToken).toHaveBeenCalledOnce();
    expect(accessTokenStorage.get()).toBeNull(); // the real refresh stores the new one
  });

  it('passes the error on when the retry fails again (no loop)', async () => {
    vi.mocked(refreshAccessToken).mockResolvedValue('new-token');
    const { result, next } = await run('medicine.list', ['401', '401', 'ok']);
    expect(result).toBeInstanceOf(TRPCClientError);
    expect(next).toHaveBeenCalledTimes(2);
  });

  it('reports a lost session and passes the original error on', async () => {
    vi.mocked(refreshAccessToken).mockRejectedValue(new SessionLostError());
    const lost = vi.fn();
    const stop = sessionIdentity.onLost(lost);
    const { result } = await run('settings.get', ['401']);
    stop();
    expect(result).toBeInstanceOf(TRPCClientError);
    expect(lost).toHaveBeenCalledOnce();
  });

  it.each([
    ['10 hours ahead', 10 * 3_600_000],
    ['10 hours behind', -10 * 3_600_000],
  ])('with the device clock %s, uses the token until the server refuses it (issue 8)', async (_l, skew) => {
    vi.useFakeTimers({ now: Date.now() + skew, toFake: ['Date'] });
    try {
      vi.mocked(refreshAccessToken).mockResolvedValue('new-token');
      // The device clock says nothing about the token: the server accepted it, so no refresh.
      const accepted = await run('medicine.list', ['ok']);
      expect(accepted.result).toMatchObject({ result: { data: 'fresh' } });
      expect(refreshAccessToken).not.toHaveBeenCalled();
      expect(accessTokenStorage.get()).toBe('old-token');
      // The server refused it: one refresh and one retry, whatever the device clock says.
      const refused = await run('medicine.list', ['401', 'ok']);
      expect(refused.result).toMatchObject({ result: { data: 'fresh' } });
      expect(refreshAccessToken).toHaveBeenCalledOnce();
    } finally {
      vi.useRealTimers();
    }
  });

  it('never refreshes for the session calls themselves', async () => {
    const { result } = await run('auth.login', ['401']);
    expect(result).toBeInstanceOf(TRPCClientError);
    expect(refreshAccessToken).not.toHaveBeenCalled();
  });

  it.each(['push.dose', 'push.action'])(
    "passes a reminder link's 401 (%s) to the page: the link expired, not the session (decision 241)",
    async (path) => {
      const lost = vi.fn();
      const stop = sessionIdentity.onLost(lost);
      const { result, next } = await run(path, ['401', 'ok']);
      stop();
      expect(result).toBeInstanceOf(TRPCClientError);
      expect(next).toHaveBeenCalledOnce();
      expect(refreshAccessToken).not.toHaveBeenCalled();
      expect(lost).not.toHaveBeenCalled();
      expect(accessTokenStorage.get()).toBe('old-token');
    },
  );

  it('holds a call while the start’s token request is under way, then sends it (decision 061)', async () => {
    accessTokenStorage.remove();
    let arrived: () => void = () => undefined;
    const inFlight = vi
      .spyOn(startToken, 'inFlight')
      .mockReturnValue(new Promise<void>((resolve) => (arrived = resolve)));
    try {
      const answer = run('medicine.list', ['ok']);
      await Promise.resolve();
      const { next } = await Promise.race([answer, Promise.resolve({ next: undefined })]);
      // Not answered yet: the call waits instead of going without a token and being refused.
      expect(next).toBeUndefined();
      arrived();
      const done = await answer;
      expect(done.result).toMatchObject({ result: { data: 'fresh' } });
      expect(done.next).toHaveBeenCalledOnce();
      // The session calls themselves never wait for it.
      inFlight.mockClear();
      await run('auth.session', ['ok']);
      expect(inFlight).not.toHaveBeenCalled();
    } finally {
      inFlight.mockRestore();
    }
  });
});

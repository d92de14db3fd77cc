import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

/** The server's answer to auth.token, as tRPC sends it. */
const tokenAnswer = (token: string) =>
  new Response(JSON.stringify({ result: { data: { token, expiresAt: '2026-11-26T11:00:00.000Z' } } }), {
    status: 200,
    headers: { 'content-type': 'application/json' },
  });
const refused = () =>
  new Response(JSON.stringify({ error: { message: 'Identity not proven' } }), { status: 401 });

// Module state (the start's one request): each test loads the modules afresh.
async function load() {
  vi.resetModules();
  const { startToken } = await import('./start-token');
  const { refreshAccessToken, SessionLostError } = await import('./token-refresh');
  const { sessionIdentity } = await import('./session-identity');
  const { accessTokenStorage } = await import('./access-token.storage');
  return { startToken, refreshAccessToken, SessionLostError, sessionIdentity, accessTokenStorage };
}

const tokenCalls = (fetchMock: ReturnType<typeof vi.fn>) =>
  fetchMock.mock.calls.filter(([url]) => String(url).includes('auth.token'));

describe('the start’s token (decision 059)', () => {
  let fetchMock: ReturnType<typeof vi.fn>;
  beforeEach(() => {
    localStorage.clear();
    fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
  });
  afterEach(() => vi.unstubAllGlobals());

  it('is asked for once: the app’s first token request takes it instead of asking again', async () => {
    const { startToken, refreshAccessToken, sessionIdentity, accessTokenStorage } = await load();
    fetchMock.mockResolvedValueOnce(tokenAnswer('start-token'));
    startToken.request('ada@example.com');
    expect(await startToken.ready({ id: 'user-1', email: 'ada@example.com' })).toBe(true);
    // Stored as it arrived: the start's first calls can carry it before the app has taken it.
    expect(accessTokenStorage.get()).toBe('start-token');

    sessionIdentity.set('ada@example.com');
    expect(await refreshAccessToken()).toBe('start-token');
    expect(tokenCalls(fetchMock)).toHaveLength(1);
    // Taken once: a later refresh (an expired token) asks the server again.
    fetchMock.mockResolvedValueOnce(tokenAnswer('later-token'));
    expect(await refreshAccessToken()).toBe('later-token');
    expect(tokenCalls(fetchMock)).toHaveLength(2);
  });

  it('is not given to another user', async () => {
    const { startToken, refreshAccessToken, sessionIdentity } = await load();
    fetchMock.mockResolvedValueOnce(tokenAnswer('ada-token'));
    startToken.request('ada@example.com');
    expect(startToken.take('bob@example.com')).toBeUndefined();
    sessionIdentity.set('bob@example.com');
    fetchMock.mockResolvedValueOnce(tokenAnswer('bob-token'));
    expect(await refreshAccessToken()).toBe('bob-token');
  });

  it('refused by the server, it ends the session as any refused token request does', async () => {
    const { startToken, refreshAccessToken, SessionLostError, sessionIdentity } = await load();
    fetchMock.mockResolvedValueOnce(refused());
    startToken.request('ada@example.com');
    expect(await startToken.ready({ id: 'user-1', email: 'ada@example.com' })).toBe(false);
    sessionIdentity.set('ada@example.com');
    await expect(refreshAccessToken()).rejects.toBeInstanceOf(SessionLostError);
  });

  it('without a start request, calls are ready only with a usable token of this user on the device', async () => {
    const { startToken, accessTokenStorage } = await load();
    const user = { id: 'user-1', email: 'ada@example.com' };
    expect(await startToken.ready(user)).toBe(false);
    const claims = btoa(
      JSON.stringify({ sub: 'user-1', email: 'ada@example.com', exp: Math.floor(Date.now() / 1000) + 3600 }),
    );
    accessTokenStorage.set(`h.${claims.replace(/=+$/, '')}.s`);
    expect(await startToken.ready(user)).toBe(true);
    expect(await startToken.ready({ id: 'user-2', email: 'bob@example.com' })).toBe(false);
  });

  it('asked for after the first screen, it is not sent before, and calls wait for it (decision 061)', async () => {
    const { startToken, accessTokenStorage } = await load();
    let drawn: () => void = () => undefined;
    startToken.request('ada@example.com', new Promise<void>((resolve) => (drawn = resolve)));
    fetchMock.mockResolvedValueOnce(tokenAnswer('start-token'));
    await Promise.resolve();
    expect(tokenCalls(fetchMock)).toHaveLength(0);
    const waiting = startToken.inFlight();
    expect(waiting).toBeDefined();
    drawn();
    await waiting;
    expect(tokenCalls(fetchMock)).toHaveLength(1);
    expect(accessTokenStorage.get()).toBe('start-token');
    // Arrived: nothing waits any more.
    expect(startToken.inFlight()).toBeUndefined();
  });
});

import type { AppRouter } from '@medrem/server';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { TRPCLink } from '@trpc/client';
import { observable } from '@trpc/server/observable';
import { act, renderHook, waitFor } from '@testing-library/react';
import { type ReactNode, useEffect, useRef } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { accessTokenStorage } from '../../lib/access-token.storage';
import { sessionIdentity } from '../../lib/session-identity';
import { trpc } from '../../lib/trpc';
import { useAuth } from './auth.context';
import { AuthProvider } from './auth.provider';
import { OFFLINE_ACCOUNT_KEY } from '../offline/saved-account';

/** The device's saved data (IndexedDB in the app): erased only when the test lets it. */
const offlineStore = vi.hoisted(() => ({
  erased: [] as string[],
  release: undefined as (() => void) | undefined,
  holdErasing: false,
}));
vi.mock('../offline/offline-account', () => ({
  trackAccount: () => () => undefined,
  keepOnlyAccount: () => Promise.resolve(),
  forgetOfflineAccount: (userId: string) =>
    new Promise<void>((resolve) => {
      const erase = () => {
        offlineStore.erased.push(userId);
        resolve();
      };
      if (offlineStore.holdErasing) offlineStore.release = erase;
      else erase();
    }),
}));

const ADA = {
  id: '0b8e8e4a-6b1e-4a43-9d6a-2f1d1c1f7a11',
  name: 'Ada',
  email: 'ada@example.com',
  emailVerified: true,
  createdAt: '2026-12-01T10:00:00.000Z',
  lastLogin: null,
};

/** The app's calls through its tRPC client: the session says nobody, the password opens one. */
let signedIn = false;
const serverLink: TRPCLink<AppRouter> =
  () =>
  ({ op }) =>
    observable((observer) => {
      const answers: Record<string, unknown> = {
        'auth.session': { user: signedIn ? ADA : null },
        'auth.login': { user: ADA },
        'auth.logout': { success: true },
        'user.deleteAccount': { success: true, message: 'Account deleted.' },
      };
      if (op.path === 'auth.login') signedIn = true;
      if (op.path === 'auth.logout') signedIn = false;
      if (op.path === 'auth.logout') tokenRequests.push('auth.logout');
      if (op.path === 'user.deleteAccount') signedIn = false;
      observer.next({ result: { type: 'data', data: answers[op.path] } });
      observer.complete();
    });

/** The token requests go through their own bare client (lib/token-refresh.ts): plain fetch. */
const tokenRequests: string[] = [];
function sessionServer(input: RequestInfo | URL): Promise<Response> {
  const url = input instanceof Request ? input.url : input.toString();
  tokenRequests.push(url.replace(/^.*\/trpc\//, ''));
  const data = url.includes('auth.token')
    ? { token: 'header.eyJzdWIiOiJhZGEifQ.signature' }
    : { user: signedIn ? ADA : null };
  return Promise.resolve(
    new Response(JSON.stringify({ result: { data } }), {
      status: 200,
      headers: { 'content-type': 'application/json' },
    }),
  );
}

/** What /logout does: signs out (or deletes the account) as soon as the app knows who is signed in. */
function SignOutOnArrival({ deleting = false }: { deleting?: boolean }) {
  const { user, logout, deleteAccount } = useAuth();
  const started = useRef(false);
  useEffect(() => {
    if (!user || started.current) return;
    started.current = true;
    void (deleting ? deleteAccount('correct-horse-1') : logout());
  }, [user, logout, deleteAccount, deleting]);
  return null;
}

function signedOutApp(children?: ReactNode) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const client = trpc.createClient({ links: [serverLink] });
  const extra = children;
  const wrapper = ({ children }: { children: ReactNode }) => (
    <trpc.Provider client={client} queryClient={queryClient}>
      <QueryClientProvider client={queryClient}>
        <AuthProvider>
          {extra}
          {children}
        </AuthProvider>
      </QueryClientProvider>
    </trpc.Provider>
  );
  return renderHook(() => useAuth(), { wrapper });
}

/** Every render, effect and cache notification a sign-in sets off, played out. */
const settled = () => act(() => new Promise((resolve) => setTimeout(resolve, 50)));

describe('signing in and out keeps the token this tab was given', () => {
  beforeEach(() => {
    signedIn = false;
    tokenRequests.length = 0;
    vi.stubGlobal('fetch', vi.fn(sessionServer));
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('keeps the token of a sign-in through the renders that follow it, and asks for it once', async () => {
    // A render where the token's user was set but the session's answer not yet: the "signed out"
    // clean-up ran there, removed the fresh token, and the next call asked for one again (at a
    // sign-out, that request was refused: the two-step sign-in's browser test in stop 65's rehearsal).
    const auth = signedOutApp();
    await waitFor(() => expect(auth.result.current.loading).toBe(false));
    await act(async () => {
      await auth.result.current.login(ADA.email, 'correct-horse-1');
    });
    await settled();
    expect(auth.result.current.user?.email).toBe(ADA.email);
    expect(accessTokenStorage.get()).toBe('header.eyJzdWIiOiJhZGEifQ.signature');
    expect(sessionIdentity.email()).toBe(ADA.email);
    expect(tokenRequests).toEqual(['auth.token']);

    await act(async () => {
      await auth.result.current.logout();
    });
    await settled();
    expect([accessTokenStorage.get(), sessionIdentity.email(), auth.result.current.user]).toEqual([
      null,
      null,
      null,
    ]);
    expect(tokenRequests).toEqual(['auth.token', 'auth.logout']);
  });

  it('starts no token request once signing out has begun (a page opened at /logout)', async () => {
    // The app at /logout with a session: the screen's sign-out and the app's first token request
    // start in the same commit. The request went out after the session had ended and was refused.
    signedIn = true;
    const auth = signedOutApp(<SignOutOnArrival />);
    await waitFor(() => expect(tokenRequests).toContain('auth.logout'));
    await settled();
    expect(tokenRequests.filter((r) => r !== 'auth.session')).toEqual(['auth.logout']);
    expect([accessTokenStorage.get(), auth.result.current.user]).toEqual([null, null]);
  });

  it('starts no token request while a deleted account signs out', async () => {
    signedIn = true;
    const auth = signedOutApp(<SignOutOnArrival deleting />);
    await waitFor(() => expect(tokenRequests).toContain('auth.logout'));
    await settled();
    expect(tokenRequests.filter((r) => r !== 'auth.session')).toEqual(['auth.logout']);
    expect([accessTokenStorage.get(), auth.result.current.user]).toEqual([null, null]);
  });
});

describe('signing out leaves nothing of the account on the device', () => {
  beforeEach(() => {
    signedIn = false;
    tokenRequests.length = 0;
    offlineStore.erased.length = 0;
    offlineStore.holdErasing = true;
    vi.stubGlobal('fetch', vi.fn(sessionServer));
  });
  afterEach(() => {
    offlineStore.holdErasing = false;
    localStorage.clear();
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('drops the saved account at once and ends the sign-out only once its data is erased', async () => {
    const auth = signedOutApp();
    await waitFor(() => expect(auth.result.current.loading).toBe(false));
    await act(async () => {
      await auth.result.current.login(ADA.email, 'correct-horse-1');
    });
    await settled();
    localStorage.setItem(OFFLINE_ACCOUNT_KEY, ADA.id); // what tracking the account saved

    let signedOut = false;
    let logout: Promise<void> = Promise.resolve();
    act(() => {
      logout = auth.result.current.logout().then(() => void (signedOut = true));
    });
    await waitFor(() => expect(offlineStore.release).toBeDefined());
    // Erasing is under way: a start now (the page closed, a new one opened) must restore nothing.
    expect(localStorage.getItem(OFFLINE_ACCOUNT_KEY)).toBeNull();
    await settled();
    expect(signedOut, 'the sign-out waits for the erasing').toBe(false);

    await act(async () => {
      offlineStore.release?.();
      await logout;
    });
    expect(offlineStore.erased).toEqual([ADA.id]);
    expect(signedOut).toBe(true);
  });
});

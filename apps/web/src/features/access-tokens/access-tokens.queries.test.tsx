import type { AppRouter } from '@medrem/server';
import { QueryClient, QueryClientProvider, dehydrate } from '@tanstack/react-query';
import { TRPCClientError, type TRPCLink } from '@trpc/client';
import { observable } from '@trpc/server/observable';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { trpc } from '../../lib/trpc';
import { OFFLINE_MESSAGE, useAccessTokens } from './access-tokens.queries';

vi.mock('../../lib/toast', () => ({ notify: { success: vi.fn(), error: vi.fn() } }));

const SECRET = 'mr_pat_s3cr3t-only-once';
const TOKEN = {
  id: '0b8e8e4a-6b1e-4a43-9d6a-2f1d1c1f7a11',
  name: 'Home Assistant',
  scopes: ['read'],
  createdAt: '2026-12-06T14:00:00.000Z',
  lastUsedAt: null,
  expiresAt: null,
};

/** An error answer, as the server's formatter shapes it (status and validation issues in data). */
class Refusal {
  constructor(readonly error: { message: string; code: number; data: Record<string, unknown> }) {}
}

/** The server, as the calls it got and the answers (or errors) it gives, by procedure path. */
let calls: string[] = [];
let answers: Record<string, unknown> = {};
const serverLink: TRPCLink<AppRouter> =
  () =>
  ({ op }) =>
    observable((observer) => {
      calls.push(op.path);
      const answer = answers[op.path];
      if (answer instanceof Refusal) observer.error(TRPCClientError.from({ error: answer.error }));
      else {
        observer.next({ result: { type: 'data', data: answer } });
        observer.complete();
      }
    });

function setUp() {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const client = trpc.createClient({ links: [serverLink] });
  const wrapper = ({ children }: { children: ReactNode }) => (
    <trpc.Provider client={client} queryClient={queryClient}>
      <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
    </trpc.Provider>
  );
  const hook = renderHook(() => useAccessTokens(), { wrapper });
  return { queryClient, hook };
}

function refused(httpStatus: number, message: string, issues?: { path: string[]; message: string }[]) {
  return new Refusal({ message, code: -32600, data: { httpStatus, ...(issues ? { issues } : {}) } });
}

const input = { name: 'Home Assistant', scopes: ['read' as const], expiresAt: null };

describe('the tokens’ calls (issue 59, decision 271)', () => {
  beforeEach(() => {
    calls = [];
    answers = { 'token.list': { tokens: [] }, 'token.create': { token: TOKEN, secret: SECRET } };
    localStorage.clear();
  });
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('hands the secret to the caller and keeps it in no query or mutation of the cache', async () => {
    const { queryClient, hook } = setUp();
    await waitFor(() => expect(hook.result.current.tokens).toEqual([]));
    answers['token.list'] = { tokens: [TOKEN] };
    let created: unknown;
    await act(async () => {
      created = await hook.result.current.create(input);
    });
    expect(created).toEqual({ token: TOKEN, secret: SECRET });
    await waitFor(() => expect(hook.result.current.tokens).toEqual([TOKEN]));
    // Whatever the offline copy could ever be told to save: every query and every mutation.
    const everything = dehydrate(queryClient, {
      shouldDehydrateQuery: () => true,
      shouldDehydrateMutation: () => true,
    });
    expect(JSON.stringify(everything)).not.toContain(SECRET);
    expect(JSON.stringify({ ...localStorage })).not.toContain(SECRET);
  });

  it('offline, says so and sends nothing, now or later: a token is never queued', async () => {
    const { hook } = setUp();
    await waitFor(() => expect(hook.result.current.tokens).toEqual([]));
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    let answer: unknown;
    await act(async () => {
      answer = await hook.result.current.create(input);
    });
    expect(answer).toEqual({ refusal: { fields: {}, form: OFFLINE_MESSAGE.create } });
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(true);
    window.dispatchEvent(new Event('online'));
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(calls).not.toContain('token.create');
  });

  it('puts the server’s validation issues at their fields, and a limit for the whole form', async () => {
    const { hook } = setUp();
    await waitFor(() => expect(hook.result.current.tokens).toEqual([]));
    answers['token.create'] = refused(400, 'expiresAt: The expiry must be in the future.', [
      { path: ['expiresAt'], message: 'The expiry must be in the future.' },
    ]);
    let answer: unknown;
    await act(async () => {
      answer = await hook.result.current.create(input);
    });
    expect(answer).toEqual({ refusal: { fields: { expiry: 'The expiry must be in the future.' } } });

    answers['token.create'] = refused(409, 'You have 100 tokens already.');
    await act(async () => {
      answer = await hook.result.current.create(input);
    });
    expect(answer).toEqual({ refusal: { fields: {}, form: 'You have 100 tokens already.' } });
  });
});

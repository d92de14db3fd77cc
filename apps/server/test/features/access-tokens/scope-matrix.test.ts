import {
  DOCTOR_REPORT_FILES,
  ERROR_REASONS,
  TOKEN_SCOPES,
  type TokenScope,
  contract,
} from '@medrem/contract';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiClient, ApiResponse } from '../../support/api-client';
import { contractCalls, restRequest } from '../../support/contract-calls';
import { type SignedInUser, signedInUser } from '../../support/scenario';
import { TEST_ENGINE } from '../../support/test-database';
import { type TestServer, startTestServer } from '../../support/test-server';
import { createToken } from './token-support';

/**
 * The scope matrix of issue 59, generated from the contract: every bearer call, against a personal
 * token holding exactly each scope. A call is sent with placeholder input (the caller's email, an
 * unknown id, no body): a refusal by scope comes before the input is read, so a 400 or 404 still
 * proves the call passed the scope gate, and a call outside the scope changes nothing.
 */
const bearerCalls = contractCalls.filter((call) => call.definition.meta.access === 'bearer');

const reasonOf = (answer: ApiResponse) =>
  (answer.body as { data?: { reason?: string }; error?: { data?: { reason?: string } } } | undefined)?.data
    ?.reason ?? (answer.body as { error?: { data?: { reason?: string } } })?.error?.data?.reason;
const statusOf = (answer: ApiResponse) =>
  (answer.body as { error?: { data?: { httpStatus?: number } } } | undefined)?.error?.data?.httpStatus ??
  answer.status;

describe(`personal token scopes against every bearer call (${TEST_ENGINE})`, () => {
  let server: TestServer;
  let user: SignedInUser;
  const tokens = {} as Record<TokenScope, ApiClient>;
  beforeAll(async () => {
    server = await startTestServer({ now: '2026-11-21T10:00:00.000Z' });
    user = await signedInUser(server, { label: 'scopes' });
    for (const scope of TOKEN_SCOPES) tokens[scope] = (await createToken(server, user, [scope])).api;
  });
  afterAll(() => server.close());

  const params = (path: string) =>
    Object.fromEntries(
      [...path.matchAll(/\{(\w+)\}/g)].map(([, name]) => [
        name!,
        name === 'userEmail' ? user.email : name === 'provider' ? 'google' : randomUUID(),
      ]),
    );

  it('covers every bearer call, each with a scope the contract declares', () => {
    expect(bearerCalls.length).toBeGreaterThanOrEqual(50);
    for (const { key, definition } of bearerCalls) expect(definition.meta.scope, key).toBeDefined();
  });

  describe.each(bearerCalls)('$key', ({ key, definition }) => {
    const needed = definition.meta.scope!;

    it.each(TOKEN_SCOPES)(
      `a token holding only %s: 403 unless the call needs it (${needed})`,
      async (scope) => {
        const { method, url } = restRequest(key, params(definition.meta.openapi.path));
        const rest = await tokens[scope].request(method, url, method === 'GET' ? undefined : {});
        const input = encodeURIComponent(JSON.stringify({}));
        const trpc =
          method === 'GET'
            ? await tokens[scope].get(`/trpc/${key}?input=${input}`)
            : await tokens[scope].post(`/trpc/${key}`, {});
        for (const [face, answer] of [
          ['REST', rest],
          ['tRPC', trpc],
        ] as const) {
          const label = `${face} ${answer.text.slice(0, 200)}`;
          // Written out, not the server's rule: no scope implies another, 'account' admits none.
          if (scope === needed) {
            expect(reasonOf(answer), label).not.toBe(ERROR_REASONS.tokenScope);
            expect([401, 403, 500], label).not.toContain(statusOf(answer));
          } else {
            expect(statusOf(answer), label).toBe(403);
            expect(reasonOf(answer), label).toBe(ERROR_REASONS.tokenScope);
            const message = (answer.body as { message?: string; error?: { message?: string } }).message;
            const said = message ?? (answer.body as { error: { message: string } }).error.message;
            expect(said, label).toMatch(
              needed === 'account' ? /cannot do this/ : `lacks the scope ${needed}`,
            );
          }
        }
      },
    );
  });

  it('applies read to the doctor’s report file route too', async () => {
    const url = (format: string) =>
      `${DOCTOR_REPORT_FILES.path.replace('{userEmail}', user.email).replace('{format}', format)}?from=2026-11-01&to=2026-11-20`;
    for (const scope of TOKEN_SCOPES) {
      const answer = await tokens[scope].get(url('csv'));
      if (scope === 'read') expect(answer.status, answer.text).toBe(200);
      else {
        expect(answer.status, answer.text).toBe(403);
        expect(answer.text).toContain('lacks the scope read');
      }
    }
  });

  it('lets the live stream open only for a token with read', async () => {
    const stream = (token: ApiClient) =>
      fetch(`${server.baseUrl}/trpc/push.notifications`, {
        headers: { accept: 'text/event-stream', authorization: `Bearer ${token.token!}` },
      });
    const refused = await (await stream(tokens['doses:write'])).text();
    expect(refused).toContain('FORBIDDEN');
    expect(refused).toContain('lacks the scope read');
    const controller = new AbortController();
    const allowed = await fetch(`${server.baseUrl}/trpc/push.notifications`, {
      headers: { accept: 'text/event-stream', authorization: `Bearer ${tokens.read.token!}` },
      signal: controller.signal,
    });
    const reader = allowed.body!.getReader();
    const first = new TextDecoder().decode((await reader.read()).value);
    controller.abort();
    expect(first).toContain('connected');
  });

  it('keeps every token call and the session’s calls out of reach (contract spot checks)', () => {
    expect(contract.token.create.meta.scope).toBe('account');
    expect(contract.user.deleteAccount.meta.scope).toBe('account');
    expect(contract.medicine.tickDose.meta.scope).toBe('doses:write');
    expect(contract.medicine.refill.meta.scope).toBe('medicines:write');
  });
});

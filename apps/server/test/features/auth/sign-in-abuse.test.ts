import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient } from '../../support/api-client';
import { DEFAULT_PASSWORD, signedInUser } from '../../support/scenario';
import { TEST_ENGINE } from '../../support/test-database';
import { type TestServer, startTestServer } from '../../support/test-server';

const MAX_FAILURES = 3;

/** The status of every call of a tRPC batch answer. */
function statusesOf(body: unknown): number[] {
  return (body as { error?: { data?: { httpStatus?: number } } }[]).map(
    (r) => r.error?.data?.httpStatus ?? 200,
  );
}

describe(`sign-in abuse (${TEST_ENGINE})`, () => {
  let server: TestServer;
  let hashes = 0;
  beforeAll(async () => {
    server = await startTestServer({ env: { LOGIN_MAX_FAILURES_PER_ACCOUNT: String(MAX_FAILURES) } });
    // Count the argon2 verifications the server actually runs (the CPU lever of finding 1).
    const hasher = (
      server.app.services.auth as unknown as {
        deps: { hasher: { verify: (...args: unknown[]) => Promise<boolean> } };
      }
    ).deps.hasher;
    const verify = hasher.verify.bind(hasher);
    hasher.verify = (...args: unknown[]) => {
      hashes += 1;
      return verify(...args);
    };
  });
  afterAll(() => server.close());

  const batchLogin = (email: string, passwords: string[]) => {
    const paths = passwords.map(() => 'auth.login').join(',');
    const input = Object.fromEntries(passwords.map((password, i) => [i, { email, password }]));
    return new ApiClient(server.baseUrl).post(`/trpc/${paths}?batch=1`, input);
  };

  it.each([25, 50])(
    'refuses a batch of %i sign-ins outright, before any password is checked (finding 1)',
    async (size) => {
      const user = await signedInUser(server, { label: `batch${size}` });
      hashes = 0;
      const response = await batchLogin(
        user.email,
        Array.from({ length: size }, (_, i) => `guess-${i}`),
      );
      expect(response.status, response.text).toBeGreaterThanOrEqual(400);
      expect(response.status, response.text).toBeLessThan(500);
      expect(hashes).toBe(0);
      // The account is not locked by a refused batch: the right password still works.
      const ok = await new ApiClient(server.baseUrl).post('/api/auth/login', {
        email: user.email,
        password: DEFAULT_PASSWORD,
      });
      expect(ok.status, ok.text).toBe(200);
    },
  );

  it('checks no more passwords than the limit when the attempts arrive together (finding 1)', async () => {
    const user = await signedInUser(server, { label: 'batch10' });
    hashes = 0;
    const response = await batchLogin(
      user.email,
      Array.from({ length: 10 }, (_, i) => `guess-${i}`),
    );
    const statuses = statusesOf(response.body);
    expect(statuses.filter((s) => s === 401)).toHaveLength(MAX_FAILURES);
    expect(statuses.filter((s) => s === 429)).toHaveLength(10 - MAX_FAILURES);
    expect(hashes).toBe(MAX_FAILURES);
    // Parallel connections do no better: every one of them is refused now, the right password too.
    const parallel = await Promise.all(
      Array.from({ length: 10 }, () =>
        new ApiClient(server.baseUrl).post('/api/auth/login', {
          email: user.email,
          password: DEFAULT_PASSWORD,
        }),
      ),
    );
    expect(parallel.map((r) => r.status)).toEqual(Array.from({ length: 10 }, () => 429));
  });

  it('lets a right password through and does not count it against the address', async () => {
    const user = await signedInUser(server, { label: 'good' });
    for (let i = 0; i < MAX_FAILURES + 2; i += 1) {
      const ok = await new ApiClient(server.baseUrl).post('/api/auth/login', {
        email: user.email,
        password: DEFAULT_PASSWORD,
      });
      expect(ok.status, ok.text).toBe(200);
    }
  });
});

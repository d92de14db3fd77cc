import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createToken } from '../features/access-tokens/token-support';
import { ApiClient, type ApiResponse } from '../support/api-client';
import { type SignedInUser, signedInUser } from '../support/scenario';
import { TEST_ENGINE } from '../support/test-database';
import { type TestServer, startTestServer } from '../support/test-server';
import { type Operation, loadOpenApi, operationsOf } from '../fuzz/openapi-operations';

/**
 * The answers every operation can give besides its own (decision 272), provoked on each operation
 * of openapi.json: 401 without a token, 403 for a personal token without the call's scope, 413 past the body limit, 415 for a body that is not JSON,
 * 429 past the per-IP limit. Each must be a status the document lists for that operation, with the
 * media type and the headers it promises (Retry-After). The fuzz (test/fuzz) checks the same of every
 * answer to its generated requests; the 503 of an outage is driven in test/faults/postgres-restart.
 */
const operations = operationsOf(loadOpenApi());
const BODY_LIMIT = 2048;
const UUID = '3f2b8c1e-7a4d-4e29-9b6a-1c5d8e2f4a70';

function url(operation: Operation, email: string): string {
  return operation.path.replace(/\{(\w+)\}/g, (_, name: string) =>
    /email/i.test(name)
      ? encodeURIComponent(email)
      : name === 'file'
        ? `${'a'.repeat(43)}.ics`
        : name === 'format'
          ? 'csv'
          : UUID,
  );
}

function expectDocumented(operation: Operation, response: ApiResponse): void {
  const where = `${operation.method} ${operation.path} → ${response.status} ${response.text.slice(0, 200)}`;
  expect(operation.responses.has(response.status), `undocumented status: ${where}`).toBe(true);
  const contentType = response.headers.get('content-type') ?? '';
  const media = operation.mediaTypes.get(response.status) ?? [];
  expect(
    media.some((type) => contentType.startsWith(type)),
    `${where}: answers ${contentType}`,
  ).toBe(true);
  for (const header of operation.headers.get(response.status) ?? []) {
    if (header === 'retry-after' || response.status === 429) {
      expect(response.headers.get(header), `${where}: no ${header} header`).not.toBeNull();
    }
  }
  const validate = operation.responses.get(response.status);
  if (validate && !validate(response.body))
    expect.fail(`${where}\nbreaks its schema: ${JSON.stringify(validate.errors)}`);
}

describe(`every operation answers only what openapi.json documents (${TEST_ENGINE})`, () => {
  let server: TestServer;
  let user: SignedInUser;

  beforeAll(async () => {
    server = await startTestServer({ env: { BODY_LIMIT_BYTES: String(BODY_LIMIT) } });
    user = await signedInUser(server, { label: 'answers' });
  }, 60_000);
  afterAll(() => server?.close());

  it('401 without a token, on every operation that needs one', async () => {
    for (const operation of operations.filter((o) => o.bearer)) {
      const response = await new ApiClient(server.baseUrl).request(
        operation.method,
        url(operation, user.email),
      );
      expect(response.status, `${operation.method} ${operation.path}`).toBe(401);
      expectDocumented(operation, response);
    }
  });

  it('403 for a personal token outside its scopes, on every operation that takes a token', async () => {
    const readOnly = (await createToken(server, user, ['read'])).api;
    const writeOnly = (await createToken(server, user, ['doses:write'])).api;
    for (const operation of operations.filter((o) => o.bearer)) {
      const api = operation.scope === 'read' ? writeOnly : readOnly;
      const response = await api.request(operation.method, url(operation, user.email));
      expect(response.status, `${operation.method} ${operation.path} (${operation.scope})`).toBe(403);
      expect(response.text).toMatch(
        operation.scope === 'account' ? /personal access token/i : operation.scope!,
      );
      expectDocumented(operation, response);
    }
  });

  it('413 for a body past the limit, on every operation of a method with a body', async () => {
    const huge = JSON.stringify({ name: 'x'.repeat(BODY_LIMIT) });
    for (const operation of operations.filter((o) => ['POST', 'PUT', 'PATCH', 'DELETE'].includes(o.method))) {
      const response = await user.api.request(operation.method, url(operation, user.email), undefined, {
        rawBody: huge,
      });
      expect(response.status, `${operation.method} ${operation.path}`).toBe(413);
      expectDocumented(operation, response);
    }
  });

  it('415 for a body that is not JSON, on every operation that takes one', async () => {
    for (const operation of operations.filter((o) => o.body)) {
      const response = await user.api.request(operation.method, url(operation, user.email), undefined, {
        rawBody: 'name=x',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      });
      expect(response.status, `${operation.method} ${operation.path}`).toBe(415);
      expectDocumented(operation, response);
    }
  });
});

describe(`429 past the per-IP limit, with Retry-After (${TEST_ENGINE})`, () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ env: { RATE_LIMIT_PER_MINUTE: '1' } });
  }, 60_000);
  afterAll(() => server?.close());

  it('on every rate-limited operation; never on a probe or /metrics', async () => {
    const api = new ApiClient(server.baseUrl);
    await api.get('/api/auth/providers'); // spends the one call of the minute
    for (const operation of operations) {
      const response = await api.request(operation.method, url(operation, 'ada@example.com'));
      const limited = operation.responses.has(429);
      expect(response.status === 429, `${operation.method} ${operation.path} → ${response.status}`).toBe(
        limited,
      );
      expectDocumented(operation, response);
      if (limited) expect(Number(response.headers.get('retry-after'))).toBeGreaterThan(0);
    }
    expect(operations.filter((o) => !o.responses.has(429)).map((o) => o.path)).toEqual([
      '/api/health',
      '/metrics',
    ]);
  });
});

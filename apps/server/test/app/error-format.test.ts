import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STACK_TRACE, signedInUser } from '../support/scenario';
import { TEST_ENGINE } from '../support/test-database';
import { type TestServer, startTestServer } from '../support/test-server';

describe(`error answers (${TEST_ENGINE})`, () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server.close());

  it('gives REST and tRPC the same readable validation message, with concise issues only', async () => {
    const user = await signedInUser(server);
    const body = { userEmail: user.email, name: 'X', frequency: '1-0-1', startDate: '2026-02-30' };
    const rest = await user.api.post('/api/medicine', body);
    expect(rest.status).toBe(400);
    expect(rest.body.message).toContain('startDate: Not a real calendar date.');
    // zod's raw issues (with internals such as regex sources) are not sent; path + message are.
    expect(rest.body.issues).toBeUndefined();
    expect(rest.body.data.issues).toContainEqual({
      path: ['startDate'],
      message: 'Not a real calendar date.',
    });

    const rpc = await fetch(`${server.baseUrl}/trpc/medicine.create`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${user.api.token}` },
      body: JSON.stringify(body),
    });
    const rpcBody = (await rpc.json()) as { error: { message: string } };
    expect(rpc.status).toBe(400);
    expect(rpcBody.error.message).toBe(rest.body.message);
  });

  it('never leaks why a 5xx happened', async () => {
    const user = await signedInUser(server);
    // Break the storage under the running server: every data call now fails inside.
    const { db } = server.database.handle;
    const original = db.select.bind(db);
    db.select = () => {
      throw new Error('secret internal detail: connection to 10.0.0.7 refused');
    };
    try {
      const response = await user.api.get(`/api/medicine/user/${user.email}`);
      expect(response.status).toBe(500);
      expect(response.body.message).toBe('Something went wrong on our side. Please try again later.');
      const text = JSON.stringify(response.body);
      expect(text).not.toContain('secret internal detail');
      expect(text).not.toMatch(STACK_TRACE);
    } finally {
      db.select = original;
    }
  });
});

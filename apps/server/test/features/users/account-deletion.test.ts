import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient } from '../../support/api-client';
import { expectJsonError, insertProviderOnlyUser, signedInUser } from '../../support/scenario';
import { TEST_ENGINE } from '../../support/test-database';
import { type TestServer, startTestServer } from '../../support/test-server';

const NOW = '2026-11-21T10:00:00.000Z';

/** Decision 198: deleting the account asks again who is at the keyboard. */
describe(`account deletion asks for the password or a fresh sign-in (${TEST_ENGINE})`, () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ now: NOW });
  });
  afterAll(() => server.close());

  const exists = async (id: string) =>
    (await server.app.services.repositories.users.findById(id)) !== undefined;

  it('refuses a password account’s deletion without its password, or with a wrong one', async () => {
    const me = await signedInUser(server, { label: 'pw' });
    const path = `/api/user/${me.email}/account`;

    const bare = await me.api.delete(path);
    expectJsonError(bare, 400);
    expect(bare.body.message).toMatch(/password/i);
    expectJsonError(await me.api.delete(path, {}), 400);
    const wrong = await me.api.delete(path, { password: 'not-the-password' });
    expectJsonError(wrong, 400);
    expect(wrong.body.message).toBe('Your password is not correct.');
    expect(await exists(me.id)).toBe(true);

    const deleted = await me.api.delete(path, { password: me.password });
    expect(deleted.status, deleted.text).toBe(200);
    expect(await exists(me.id)).toBe(false);
  });

  it('never takes the password from the URL', async () => {
    const me = await signedInUser(server, { label: 'pw-url' });
    const inQuery = await me.api.delete(
      `/api/user/${me.email}/account?password=${encodeURIComponent(me.password)}`,
    );
    expectJsonError(inQuery, 400);
    expect(inQuery.body.message).toMatch(/never in the URL/);
    expect(await exists(me.id)).toBe(true);
  });

  it('counts wrong passwords as failed sign-ins: a stolen session cannot guess on', async () => {
    const me = await signedInUser(server, { label: 'pw-guess' });
    const path = `/api/user/${me.email}/account`;
    const statuses: number[] = [];
    for (let i = 0; i < 12; i += 1)
      statuses.push((await me.api.delete(path, { password: `guess-${i}` })).status);
    expect(statuses).toContain(429);
    expectJsonError(await me.api.delete(path, { password: me.password }), 429);
    expect(await exists(me.id)).toBe(true);
  });

  /** An account made by a provider's sign-in: no password, a session opened as that sign-in does. */
  async function providerOnlyAccount() {
    const { id, email } = await insertProviderOnlyUser(server, { label: 'provider', name: 'Provider Only' });
    const api = new ApiClient(server.baseUrl);
    const signIn = async () => {
      const { session } = await server.app.services.auth.openSession(id);
      api.cookie = `mr_session=${session.token}`;
      await api.refreshToken(email);
    };
    await signIn();
    return { id, email, api, signIn };
  }

  it('deletes an account without a password only within 10 minutes of a sign-in', async () => {
    const stale = await providerOnlyAccount();
    server.clock.advance(11 * 60_000);
    await stale.api.refreshToken(stale.email);
    const refused = await stale.api.delete(`/api/user/${stale.email}/account`);
    expectJsonError(refused, 403);
    expect(refused.body.message).toMatch(/sign in again/);
    // A bearer token alone proves no fresh sign-in either.
    const tokenOnly = await stale.api.delete(`/api/user/${stale.email}/account`, undefined, {
      headers: { cookie: '' },
    });
    expectJsonError(tokenOnly, 403);
    expect(await exists(stale.id)).toBe(true);

    await stale.signIn();
    server.clock.advance(9 * 60_000);
    await stale.api.refreshToken(stale.email);
    const deleted = await stale.api.delete(`/api/user/${stale.email}/account`);
    expect(deleted.status, deleted.text).toBe(200);
    expect(await exists(stale.id)).toBe(false);
  });
});

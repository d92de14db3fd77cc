import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient } from '../../support/api-client';
import { DEFAULT_PASSWORD, expectJsonError, signedInUser } from '../../support/scenario';
import { TEST_ENGINE } from '../../support/test-database';
import { type TestServer, startTestServer } from '../../support/test-server';

describe(`session revocation (${TEST_ENGINE})`, () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server.close());

  /** The same account signed in on a second device: its own cookie and token. */
  async function secondDevice(email: string, password = DEFAULT_PASSWORD) {
    const api = new ApiClient(server.baseUrl);
    const login = await api.post('/api/auth/login', { email, password });
    expect(login.status, login.text).toBe(200);
    await api.refreshToken(email);
    return api;
  }
  const me = (api: ApiClient, id: string) => api.get(`/api/user/${id}`);

  it('a password change ends every other session and every older access token (finding 5)', async () => {
    const user = await signedInUser(server, { label: 'pwchange' });
    const other = await secondDevice(user.email);
    const staleToken = user.api.token;
    expect((await me(other, user.id)).status).toBe(200);

    const change = await user.api.put(`/api/user/${user.email}`, {
      name: user.name,
      currentPassword: DEFAULT_PASSWORD,
      password: 'a-brand-new-secret-9',
    });
    expect(change.status, change.text).toBe(200);

    // The other device: its token is refused and its session can no longer mint a new one.
    expectJsonError(await me(other, user.id), 401);
    expectJsonError(await other.post('/jwt', { email: user.email }), 401);
    // This device: its old token is refused too, but its session stays and mints a new one.
    const withOld = new ApiClient(server.baseUrl);
    withOld.token = staleToken;
    expectJsonError(await me(withOld, user.id), 401);
    await user.api.refreshToken(user.email);
    expect((await me(user.api, user.id)).status).toBe(200);
    // The old password is gone, the new one signs in.
    expectJsonError(
      await new ApiClient(server.baseUrl).post('/api/auth/login', {
        email: user.email,
        password: DEFAULT_PASSWORD,
      }),
      401,
    );
    await secondDevice(user.email, 'a-brand-new-secret-9');
  });

  it('"sign out everywhere" keeps this device and signs out every other one', async () => {
    const user = await signedInUser(server, { label: 'everywhere' });
    const other = await secondDevice(user.email);
    const bystander = await signedInUser(server, { label: 'bystander' });

    const response = await user.api.post('/api/auth/sign-out-everywhere', {});
    expect(response.status, response.text).toBe(200);
    expect(response.body).toEqual({
      success: true,
      message: 'You have been signed out on every other device.',
    });
    expect(response.headers.get('cache-control')).toBe('no-store');

    expectJsonError(await me(other, user.id), 401);
    expectJsonError(await other.post('/jwt', { email: user.email }), 401);
    expect((await other.get('/api/auth/session')).body).toEqual({ user: null });
    expectJsonError(await me(user.api, user.id), 401);
    await user.api.refreshToken(user.email);
    expect((await me(user.api, user.id)).status).toBe(200);
    // Nobody else is touched.
    expect((await me(bystander.api, bystander.id)).status).toBe(200);
  });

  it('needs a bearer token', async () => {
    expectJsonError(await new ApiClient(server.baseUrl).post('/api/auth/sign-out-everywhere', {}), 401);
  });
});

import type { PersonalToken } from '@medrem/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient } from '../../support/api-client';
import { DEFAULT_PASSWORD, expectJsonError, signedInUser } from '../../support/scenario';
import { TEST_ENGINE } from '../../support/test-database';
import { type TestServer, startTestServer } from '../../support/test-server';
import { createToken, storedTokens } from './token-support';

describe(`personal tokens through the account's life (${TEST_ENGINE})`, () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ now: '2026-11-21T10:00:00.000Z' });
  });
  afterAll(() => server.close());

  const listed = async (api: ApiClient) =>
    (await api.get<{ tokens: PersonalToken[] }>('/api/tokens')).body.tokens;

  it('records the last use at most once a minute, off the request', async () => {
    const user = await signedInUser(server, { label: 'pat-used' });
    const { token, api } = await createToken(server, user, ['read']);
    const use = async () => {
      expect((await api.get(`/api/medicine/user/${user.email}`)).status).toBe(200);
      await server.app.services.accessTokens.settled();
      return (await listed(user.api)).find((t) => t.id === token.id)?.lastUsedAt;
    };
    try {
      server.clock.set('2026-11-21T10:05:00.000Z');
      expect(await use()).toBe('2026-11-21T10:05:00.000Z');
      server.clock.set('2026-11-21T10:05:59.000Z');
      expect(await use()).toBe('2026-11-21T10:05:00.000Z');
      server.clock.set('2026-11-21T10:06:00.000Z');
      expect(await use()).toBe('2026-11-21T10:06:00.000Z');
    } finally {
      server.clock.set('2026-11-21T10:00:00.000Z');
    }
  });

  it('keeps tokens through a password change and "sign out everywhere"', async () => {
    const user = await signedInUser(server, { label: 'pat-keep' });
    const { api } = await createToken(server, user, ['read']);
    const changed = await user.api.put(`/api/user/${user.email}`, {
      userEmail: user.email,
      name: 'Renamed',
      password: 'a-new-password-2',
      currentPassword: DEFAULT_PASSWORD,
    });
    expect(changed.status, changed.text).toBe(200);
    await user.api.refreshToken(user.email);
    expect((await user.api.post('/api/auth/sign-out-everywhere', {})).status).toBe(200);
    expect((await api.get(`/api/medicine/user/${user.email}`)).status).toBe(200);
  });

  it('revokes every token of the account when its password is reset', async () => {
    const user = await signedInUser(server, { label: 'pat-reset' });
    const { api } = await createToken(server, user, ['read']);
    await createToken(server, user, ['doses:write']);
    expect((await api.get(`/api/medicine/user/${user.email}`)).status).toBe(200);
    const link = await server.app.services.operatorResetLink(user.email);
    const token = new URL(link!.link).searchParams.get('token')!;
    const reset = await new ApiClient(server.baseUrl).post('/api/auth/password-reset/confirm', {
      token,
      password: 'reset-password-3',
    });
    expect(reset.status, reset.text).toBe(200);
    expectJsonError(await api.get(`/api/medicine/user/${user.email}`), 401);
    expect(await storedTokens(server, user.id)).toEqual([]);
  });

  it('exports what each token is, never its secret, and deletes tokens with the account', async () => {
    const user = await signedInUser(server, { label: 'pat-export' });
    const { token, secret, api } = await createToken(server, user, ['medicines:write'], {
      name: 'Pharmacy sync',
      expiresAt: '2027-11-21T10:00:00Z',
    });
    const exported = await user.api.get<{ accessTokens: PersonalToken[] }>(`/api/user/${user.email}/export`);
    expect(exported.status, exported.text).toBe(200);
    expect(exported.body.accessTokens).toEqual([token]);
    expect(exported.text).not.toContain(secret.slice(7));
    const [row] = await storedTokens(server, user.id);
    expect(exported.text).not.toContain(row!.tokenHash);

    const deleted = await user.api.delete(`/api/user/${user.email}/account`, { password: DEFAULT_PASSWORD });
    expect(deleted.status, deleted.text).toBe(200);
    expect(await storedTokens(server, user.id)).toEqual([]);
    expectJsonError(await api.get(`/api/medicine/user/${user.email}`), 401);
  });
});

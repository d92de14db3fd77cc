import { contract } from '@medrem/contract';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminActions, mailOutbox, reminderSchedule, sessions, users } from '../../../src/db/schema';
import { ApiClient } from '../../support/api-client';
import { contractCalls, restRequest } from '../../support/contract-calls';
import { createMedicine, expectJsonError, signedInUser, uniqueEmail } from '../../support/scenario';
import { TEST_ENGINE } from '../../support/test-database';
import { type TestServer, startTestServer } from '../../support/test-server';
import { accountOf, adminAddress, verify } from './admin.support';

const ADMIN = adminAddress();
const UNVERIFIED_ADMIN = adminAddress('unverified');
const ID = '00000000-0000-4000-8000-000000000000';

/** Every admin call with a valid input, for the table of who may call it. */
const adminCalls = contractCalls.filter((call) => call.key.startsWith('admin.'));
const validInput: Record<string, { params?: Record<string, string>; body?: unknown }> = {
  'admin.accounts': {},
  'admin.disable': { params: { id: ID } },
  'admin.enable': { params: { id: ID } },
  'admin.sendPasswordReset': { params: { id: ID } },
  'admin.deleteAccount': { params: { id: ID }, body: { confirmEmail: 'x@example.com' } },
  'admin.signups': {},
  'admin.setSignups': { body: { policy: 'closed' } },
  'admin.actions': {},
};

describe(`admin API (${TEST_ENGINE})`, () => {
  let server: TestServer;
  let admin: ApiClient;
  let adminId: string;
  beforeAll(async () => {
    server = await startTestServer({
      env: { ADMIN_EMAILS: ` ${ADMIN.toUpperCase()} ,${UNVERIFIED_ADMIN}`, REMINDER_WORKER: 'off' },
    });
    const account = await accountOf(server, ADMIN);
    admin = account.api;
    adminId = account.id;
  });
  afterAll(() => server.close());

  const db = () => server.database.handle.db;
  const call = (api: ApiClient, key: string, input: { params?: Record<string, string>; body?: unknown }) => {
    const { method, url } = restRequest(key, input.params ?? {});
    return api.request(method, url, input.body);
  };
  const recorded = () => db().select().from(adminActions);

  it('lists every admin procedure in the table below', () => {
    expect(adminCalls.map((c) => c.key).sort()).toEqual(Object.keys(validInput).sort());
    expect(Object.keys(contract.admin)).toHaveLength(adminCalls.length);
  });

  it('refuses every admin call to a non-admin (403), an unverified listed address (403) and no token (401), changing nothing', async () => {
    const user = await signedInUser(server, { label: 'plain' });
    const squatter = await accountOf(server, UNVERIFIED_ADMIN, { verified: false });
    const before = await recorded();
    for (const { key } of adminCalls) {
      for (const api of [user.api, squatter.api]) {
        const answer = await call(api, key, validInput[key]!);
        expect(answer.status, `${key}: ${answer.text}`).toBe(403);
        expectJsonError(answer, 403);
      }
      const anonymous = await call(new ApiClient(server.baseUrl), key, validInput[key]!);
      expect(anonymous.status, key).toBe(401);
    }
    expect(await recorded()).toEqual(before);
    expect((await server.app.services.signups.current()).policy).toBe('open');
    // The listed address, once proved, is an administrator.
    expect((await squatter.api.get('/api/signups/roles')).body).toEqual({ admin: false, mayInvite: false });
    await verify(server, squatter);
    expect((await squatter.api.get('/api/signups/roles')).body).toEqual({ admin: true, mayInvite: true });
    expect((await user.api.get('/api/signups/roles')).body).toEqual({ admin: false, mayInvite: false });
  });

  it('lists accounts newest first, paged and searched by address, without medicine data', async () => {
    const label = `needle${Date.now()}`;
    const a = await signedInUser(server, { label: `${label}a` });
    server.clock.advance(1000);
    const b = await signedInUser(server, { label: `${label}b` });
    await createMedicine(b);
    const page1 = await admin.get(`/api/admin/accounts?query=${label.toUpperCase()}&pageSize=1`);
    expect(page1.status, page1.text).toBe(200);
    expect(page1.body.total).toBe(2);
    expect(page1.body.accounts).toEqual([
      {
        id: b.id,
        name: b.name,
        email: b.email,
        createdAt: expect.any(String),
        lastActiveAt: expect.any(String),
        emailVerified: false,
        twoFactorEnabled: false,
        profiles: 1,
        disabled: false,
        admin: false,
      },
    ]);
    expect(page1.text).not.toContain('Aspirin');
    const page2 = await admin.get(`/api/admin/accounts?query=${label}&pageSize=1&page=2`);
    expect(page2.body.accounts.map((x: { id: string }) => x.id)).toEqual([a.id]);
    // A wildcard in the search is a literal character, not "anything".
    const wild = await admin.get(`/api/admin/accounts?query=${encodeURIComponent('%')}`);
    expect(wild.body.total).toBe(0);
    const me = await admin.get(`/api/admin/accounts?query=${ADMIN}`);
    expect(me.body.accounts[0]).toMatchObject({ email: ADMIN, admin: true, emailVerified: true });
  });

  it('refuses bad input with 400 and a sentence', async () => {
    for (const [path, body, method] of [
      ['/api/admin/accounts?pageSize=1000', undefined, 'GET'],
      ['/api/admin/accounts?page=0', undefined, 'GET'],
      [`/api/admin/accounts?query=${encodeURIComponent('a\u0000b')}`, undefined, 'GET'],
      ['/api/admin/accounts/not-a-uuid/disable', {}, 'POST'],
      [`/api/admin/accounts/${ID}`, { confirmEmail: 'not an address' }, 'DELETE'],
      ['/api/admin/signups', { policy: 'sometimes' }, 'PUT'],
    ] as const) {
      const answer = await admin.request(method, path, body);
      expect(answer.status, `${path}: ${answer.text}`).toBe(400);
      expectJsonError(answer, 400);
    }
    const missing = await admin.post(`/api/admin/accounts/${ID}/disable`, {});
    expect(missing.status).toBe(404);
  });

  it('disables an account: old token 401 at once, sessions gone, sign-in refused, reminders stopped; re-enabled works', async () => {
    const user = await signedInUser(server, { label: 'disabled' });
    await createMedicine(user);
    const rows = () => db().select().from(reminderSchedule).where(eq(reminderSchedule.userId, user.id));
    expect((await rows()).length).toBeGreaterThan(0);
    expect((await user.api.get(`/api/user/${user.email}`)).status).toBe(200);
    // A personal access token (decision 266) that worked a moment before.
    const created = await user.api.post<{ secret: string }>('/api/tokens', {
      name: 'Script',
      scopes: ['read'],
    });
    expect(created.status, created.text).toBe(201);
    const script = new ApiClient(server.baseUrl);
    script.token = created.body.secret;
    expect((await script.get(`/api/medicine/user/${user.email}`)).status).toBe(200);
    // A reminder's button link and a calendar feed link, both working before.
    const actionToken = server.app.services.actionTokens.sign(
      { action: 'snooze', userId: user.id, slot: 0, date: '2026-11-21' },
      server.clock.now(),
    );
    const pressed = () => new ApiClient(server.baseUrl).post('/api/push/action', { token: actionToken });
    const feed = await user.api.post<{ url: string }>(`/api/calendar/${user.email}/feed`, {});
    expect(feed.status, feed.text).toBe(201);
    const feedPath = new URL(feed.body.url).pathname;
    expect((await new ApiClient(server.baseUrl).get(feedPath)).status).toBe(200);

    const disabled = await admin.post(`/api/admin/accounts/${user.id}/disable`, {});
    expect(disabled.status, disabled.text).toBe(200);
    expect((await user.api.get(`/api/user/${user.email}`)).status).toBe(401);
    expect((await script.get(`/api/medicine/user/${user.email}`)).status).toBe(401);
    expect((await user.api.post('/jwt', { email: user.email })).status).toBe(401);
    expect(await db().select().from(sessions).where(eq(sessions.userId, user.id))).toEqual([]);
    expect(await rows()).toEqual([]);
    const login = await new ApiClient(server.baseUrl).post('/api/auth/login', {
      email: user.email,
      password: user.password,
    });
    expect(login.status).toBe(403);
    expect(login.body.message).toMatch(/disabled by the administrator/);
    expect(login.body.data.reason).toBe('ACCOUNT_DISABLED');
    const wrong = await new ApiClient(server.baseUrl).post('/api/auth/login', {
      email: user.email,
      password: 'not-the-password',
    });
    // A wrong password says nothing about the account's state.
    expect(wrong.status).toBe(401);
    const jwtByPassword = await new ApiClient(server.baseUrl).post('/jwt', {
      email: user.email,
      password: user.password,
    });
    expect(jwtByPassword.status).toBe(403);
    const listed = await admin.get(`/api/admin/accounts?query=${user.email}`);
    expect(listed.body.accounts[0].disabled).toBe(true);
    // The links sent before prove the dose or the feed, not the account: refused while disabled.
    const press = await pressed();
    expect(press.status, press.text).toBe(403);
    expect(press.body.data.reason).toBe('ACCOUNT_DISABLED');
    expect((await new ApiClient(server.baseUrl).get(feedPath)).status).toBe(404);

    const enabled = await admin.post(`/api/admin/accounts/${user.id}/enable`, {});
    expect(enabled.status, enabled.text).toBe(200);
    const again = new ApiClient(server.baseUrl);
    expect((await again.post('/api/auth/login', { email: user.email, password: user.password })).status).toBe(
      200,
    );
    await again.refreshToken(user.email);
    expect((await again.get(`/api/user/${user.email}`)).status).toBe(200);
    expect((await rows()).length).toBeGreaterThan(0);
    expect((await new ApiClient(server.baseUrl).get(feedPath)).status).toBe(200);
    const actions = await recorded();
    expect(actions.filter((a) => a.target === user.email).map((a) => [a.actor, a.action])).toEqual([
      [ADMIN, 'disable'],
      [ADMIN, 'enable'],
    ]);
  });

  it('refuses an administrator disabling or deleting their own account', async () => {
    const self = await admin.post(`/api/admin/accounts/${adminId}/disable`, {});
    expect(self.status).toBe(400);
    expect(self.body.message).toMatch(/own account/);
    const del = await admin.delete(`/api/admin/accounts/${adminId}`, { confirmEmail: ADMIN });
    expect(del.status).toBe(400);
    const [row] = await db().select().from(users).where(eq(users.id, adminId));
    expect(row?.disabledAt).toBeNull();
  });

  it('mails a password reset link through the reset flow, and records it', async () => {
    const user = await signedInUser(server, { label: 'reset' });
    const answer = await admin.post(`/api/admin/accounts/${user.id}/password-reset`, {});
    expect(answer.status, answer.text).toBe(202);
    const mails = await db()
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.toAddress, user.email), eq(mailOutbox.kind, 'password-reset')));
    expect(mails).toHaveLength(1);
    expect(mails[0]!.textBody).toMatch(/\/reset-password\?token=/);
    expect((await recorded()).some((a) => a.action === 'password-reset' && a.target === user.email)).toBe(
      true,
    );
  });

  it('deletes an account only with its address typed again, through the deletion path', async () => {
    const user = await signedInUser(server, { label: 'deleted' });
    await createMedicine(user);
    // The record lists the newest first: this action comes after the ones before.
    server.clock.advance(1000);
    const wrong = await admin.delete(`/api/admin/accounts/${user.id}`, {
      confirmEmail: uniqueEmail('other'),
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body.message).toContain(user.email);
    expect((await user.api.get(`/api/user/${user.email}`)).status).toBe(200);
    const done = await admin.delete(`/api/admin/accounts/${user.id}`, {
      confirmEmail: user.email.toUpperCase(),
    });
    expect(done.status, done.text).toBe(200);
    expect(await db().select().from(users).where(eq(users.id, user.id))).toEqual([]);
    expect((await user.api.get(`/api/user/${user.email}`)).status).toBe(401);
    const listed = await admin.get('/api/admin/actions?pageSize=100');
    expect(listed.status).toBe(200);
    expect(listed.body.actions[0]).toMatchObject({ actor: ADMIN, action: 'delete', target: user.email });
  });

  it('keeps the action record append-only: no UPDATE or DELETE goes through', async () => {
    expect((await recorded()).length).toBeGreaterThan(0);
    await expect(db().execute(sql`update admin_actions set actor = 'someone else'`)).rejects.toThrow();
    await expect(db().execute(sql`delete from admin_actions`)).rejects.toThrow();
    expect((await recorded()).every((a) => a.actor === ADMIN)).toBe(true);
  });
});

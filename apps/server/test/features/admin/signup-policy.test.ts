import { SIGNUP_INVITATION_DAYS } from '@medrem/contract';
import { eq } from 'drizzle-orm';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signupInvitations, users } from '../../../src/db/schema';
import { ApiClient } from '../../support/api-client';
import { expectJsonError, signedInUser, uniqueEmail } from '../../support/scenario';
import { TEST_ENGINE } from '../../support/test-database';
import { type TestServer, startTestServer } from '../../support/test-server';
import { accountOf, adminAddress, invitationTokenFor, verify } from './admin.support';

const ADMIN = adminAddress();

describe(`sign-up policy (${TEST_ENGINE})`, () => {
  let server: TestServer;
  let admin: ApiClient;
  beforeAll(async () => {
    // SIGNUPS=invite from the env; the admin registers before the policy applies to them: they are
    // made while the stored policy is 'open' (set below), then the env's policy is put back.
    server = await startTestServer({
      env: {
        ADMIN_EMAILS: ADMIN,
        SIGNUPS: 'invite',
        SIGNUP_INVITES_BY_USERS: 'true',
        REMINDER_WORKER: 'off',
      },
    });
    await server.app.services.signups.set('open');
    admin = (await accountOf(server, ADMIN)).api;
  });
  afterAll(() => server.close());

  const db = () => server.database.handle.db;
  const anonymous = () => new ApiClient(server.baseUrl);
  const register = (email: string, invitation?: string) =>
    anonymous().post('/api/user/register', {
      name: 'New',
      email,
      password: 'secret-123',
      ...(invitation === undefined ? {} : { invitation }),
    });
  const accountExists = async (email: string) =>
    (await db().select().from(users).where(eq(users.email, email))).length === 1;
  const setPolicy = async (policy: string) => {
    const answer = await admin.put('/api/admin/signups', { policy });
    expect(answer.status, answer.text).toBe(200);
  };
  /** A provider (OpenID Connect) that vouches for `email` would make a new account. */
  const socialSignIn = (email: string) =>
    server.app.services.social.signIn.signIn('oidc', {
      subject: randomUUID(),
      email,
      emailVerified: true,
      name: 'Social',
    });
  const invite = async (email: string, api = admin) => {
    const answer = await api.post('/api/signups/invitations', { email });
    expect(answer.status, answer.text).toBe(202);
    const token = await invitationTokenFor(server, email);
    expect(token).toBeDefined();
    return token!;
  };

  it('tells anyone the policy; the stored one wins over SIGNUPS, and the env gives the first', async () => {
    expect((await anonymous().get('/api/signups')).body).toEqual({ policy: 'open' });
    expect((await admin.get('/api/admin/signups')).body).toEqual({
      policy: 'open',
      source: 'stored',
      invitesByUsers: true,
    });
    const fresh = await startTestServer({ env: { SIGNUPS: 'closed', REMINDER_WORKER: 'off' } });
    try {
      expect((await new ApiClient(fresh.baseUrl).get('/api/signups')).body).toEqual({ policy: 'closed' });
      expect(await fresh.app.services.signups.current()).toEqual({ policy: 'closed', source: 'environment' });
    } finally {
      await fresh.close();
    }
  });

  it('open: password and provider registrations make accounts', async () => {
    await setPolicy('open');
    const email = uniqueEmail('open');
    expect((await register(email)).status).toBe(201);
    const social = uniqueEmail('open-social');
    await socialSignIn(social);
    expect(await accountExists(social)).toBe(true);
  });

  it('closed: both are refused with a clear 403 and nothing is stored; existing accounts still sign in', async () => {
    const existing = await signedInUser(server, { label: 'before-closing' });
    await setPolicy('closed');
    const email = uniqueEmail('closed');
    const refused = await register(email);
    expectJsonError(refused, 403);
    expect(refused.body.message).toMatch(/Sign-ups are closed/);
    expect(refused.body.data.reason).toBe('SIGNUPS_CLOSED');
    expect(await accountExists(email)).toBe(false);
    const social = uniqueEmail('closed-social');
    await expect(socialSignIn(social)).rejects.toThrow(/Sign-ups are closed/);
    expect(await accountExists(social)).toBe(false);
    const login = await anonymous().post('/api/auth/login', {
      email: existing.email,
      password: existing.password,
    });
    expect(login.status).toBe(200);
    // A provider sign-in of an existing account is no sign-up.
    await socialSignIn(existing.email);
    expect((await db().select().from(users).where(eq(users.email, existing.email))).length).toBe(1);
  });

  it('invite: only with an invitation mailed to that address, hashed at rest, used once', async () => {
    await setPolicy('invite');
    const email = uniqueEmail('invited');
    const token = await invite(email);
    const [stored] = await db().select().from(signupInvitations).where(eq(signupInvitations.email, email));
    expect(stored!.tokenHash).not.toContain(token);
    expect(JSON.stringify(stored)).not.toContain(token);

    const without = await register(email);
    expectJsonError(without, 403);
    expect(without.body.data.reason).toBe('INVITATION_REQUIRED');
    const otherAddress = uniqueEmail('forwarded');
    const forwarded = await register(otherAddress, token);
    expect(forwarded.status).toBe(403);
    expect(await accountExists(otherAddress)).toBe(false);
    expect((await register(email, 'a'.repeat(43))).status).toBe(403);

    const made = await register(email, token);
    expect(made.status, made.text).toBe(201);
    // Used once: the account gone, the same link makes no second one.
    await db().delete(users).where(eq(users.email, email));
    const again = await register(email, token);
    expect(again.status).toBe(403);
    expect(again.body.message).toMatch(/used already, has expired/);
    expect(await accountExists(email)).toBe(false);
  });

  it('invite: an invitation expires after its days', async () => {
    await setPolicy('invite');
    const email = uniqueEmail('late');
    const token = await invite(email);
    server.clock.advance(SIGNUP_INVITATION_DAYS * 86_400_000 + 60_000);
    expect((await register(email, token)).status).toBe(403);
    expect(await accountExists(email)).toBe(false);
    // A new one works (the clock stays moved for the tests after this one: a new access token).
    await admin.refreshToken(ADMIN);
    expect((await register(email, await invite(email))).status).toBe(201);
  });

  it('invite: a provider sign-in makes the account only for an invited address, using the invitation', async () => {
    await setPolicy('invite');
    const stranger = uniqueEmail('social-stranger');
    await expect(socialSignIn(stranger)).rejects.toThrow(/invitation only/);
    expect(await accountExists(stranger)).toBe(false);
    const invited = uniqueEmail('social-invited');
    const token = await invite(invited);
    await socialSignIn(invited);
    expect(await accountExists(invited)).toBe(true);
    const [row] = await db().select().from(signupInvitations).where(eq(signupInvitations.email, invited));
    expect(row!.usedAt).not.toBeNull();
    await db().delete(users).where(eq(users.email, invited));
    expect((await register(invited, token)).status).toBe(403);
  });

  it('lets a verified user invite when SIGNUP_INVITES_BY_USERS=true, not an unverified one; records only admins', async () => {
    await setPolicy('open');
    const user = await signedInUser(server, { label: 'inviter' });
    const early = await user.api.post('/api/signups/invitations', { email: uniqueEmail('friend') });
    expect(early.status).toBe(403);
    expect((await user.api.get('/api/signups/roles')).body).toEqual({ admin: false, mayInvite: false });
    await verify(server, user);
    expect((await user.api.get('/api/signups/roles')).body).toEqual({ admin: false, mayInvite: true });
    await setPolicy('invite');
    const friend = uniqueEmail('friend');
    expect((await register(friend, await invite(friend, user.api))).status).toBe(201);
    const actions = (await admin.get('/api/admin/actions?pageSize=100')).body.actions as {
      action: string;
      target: string;
    }[];
    expect(actions.some((a) => a.target === friend)).toBe(false);
    expect(actions.filter((a) => a.action === 'signups').length).toBeGreaterThan(3);
  });

  it('mails no invitation to an address that has an account, with the same answer', async () => {
    await setPolicy('open');
    const existing = await signedInUser(server, { label: 'has-account' });
    const answer = await admin.post('/api/signups/invitations', { email: existing.email });
    expect(answer.status).toBe(202);
    expect(await invitationTokenFor(server, existing.email)).toBeUndefined();
  });
});

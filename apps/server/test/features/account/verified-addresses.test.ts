import { DEFAULT_CARE_PERMISSIONS, ERROR_REASONS } from '@medrem/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../../src/db/schema';
import { mailedLink, outboxTo } from '../../support/outbox-links';
import { SmtpCatcher } from '../../support/smtp-catcher';
import { ApiClient } from '../../support/api-client';
import {
  DEFAULT_PASSWORD,
  type SignedInUser,
  expectJsonError,
  signedInUser,
  uniqueEmail,
} from '../../support/scenario';
import { TEST_ENGINE } from '../../support/test-database';
import { type TestServer, startTestServer } from '../../support/test-server';

const PUBLIC_URL = 'https://meds.example.org/app';
const HOUR = 3_600_000;

const SUBJECTS: Record<string, RegExp> = {
  'email-verification': /^Verify your address/,
  'email-change-confirm': /^Confirm your new address/,
};
let catcher: SmtpCatcher;

/** The token of the newest mail of `kind` to `address`, received over SMTP, its link on PUBLIC_URL at `path`. */
async function linkToken(_server: TestServer, address: string, kind: string, path: string) {
  const { url, token } = await mailedLink(catcher, address, SUBJECTS[kind]!);
  expect(url.startsWith(`${PUBLIC_URL}${path}?token=`), url).toBe(true);
  return token;
}

const emailVerified = async (server: TestServer, id: string) =>
  (await server.database.handle.db.select().from(users).where(eq(users.id, id)))[0]!.emailVerifiedAt !== null;

describe(`verified addresses (${TEST_ENGINE})`, () => {
  let server: TestServer;
  const logLines: string[] = [];
  beforeAll(async () => {
    catcher = await SmtpCatcher.start();
    server = await startTestServer({ env: { PUBLIC_URL, SMTP_URL: catcher.url }, logLines });
  });
  afterAll(async () => {
    await server.close();
    await catcher.stop();
  });

  const verify = (token: string) =>
    new ApiClient(server.baseUrl).post('/api/auth/email-verification/confirm', { token });

  it('mails a link at registration; the account works at once; the link verifies once, then never again', async () => {
    const me = await signedInUser(server, { label: 'verify' });
    const before = await me.api.get(`/api/user/${me.id}`);
    expect(before.body.findUser.emailVerified).toBe(false);
    const [mail] = await outboxTo(server, me.email);
    expect(mail).toMatchObject({ kind: 'email-verification', userId: me.id });
    expect(mail!.subject).toContain('Verify');
    const token = await linkToken(server, me.email, 'email-verification', '/verify-email');

    const verified = await verify(token);
    expect(verified.status, verified.text).toBe(200);
    expect(verified.body).toMatchObject({ success: true, email: me.email });
    expect((await me.api.get(`/api/user/${me.id}`)).body.findUser.emailVerified).toBe(true);
    expect((await me.api.get('/api/auth/session')).body.user.emailVerified).toBe(true);

    const again = await verify(token);
    expectJsonError(again, 400);
    expect(again.body.message).toMatch(/already used, has expired/);
  });

  it('refuses an expired link, a forged one and one replaced by a newer mail, changing nothing', async () => {
    const me = await signedInUser(server, { label: 'expiry' });
    const first = await linkToken(server, me.email, 'email-verification', '/verify-email');
    const resent = await new ApiClient(server.baseUrl).post('/api/auth/email-verification/resend', {
      email: me.email,
    });
    expect(resent.status, resent.text).toBe(200);
    await expect.poll(() => catcher.received(me.email).length, { timeout: 20_000 }).toBe(2);
    const second = await linkToken(server, me.email, 'email-verification', '/verify-email');
    expect(second).not.toBe(first);
    expectJsonError(await verify(first), 400);
    expectJsonError(await verify(`${second.slice(0, -2)}AA`), 400);
    server.clock.advance(48 * HOUR + 1000);
    expectJsonError(await verify(second), 400);
    expect(await emailVerified(server, me.id)).toBe(false);
  });

  it('resends with one answer for every address, limited per address', async () => {
    const api = new ApiClient(server.baseUrl);
    const nobody = uniqueEmail('nobody');
    const me = await signedInUser(server, { label: 'resend' });
    const answers = await Promise.all(
      [nobody, me.email].map((email) => api.post('/api/auth/email-verification/resend', { email })),
    );
    expect(answers.map((a) => a.status)).toEqual([200, 200]);
    expect(answers[0]!.body.message.replace(nobody, '')).toBe(answers[1]!.body.message.replace(me.email, ''));
    expect(await outboxTo(server, nobody)).toEqual([]);
    expect((await outboxTo(server, me.email)).length).toBe(2);
    for (let i = 0; i < 2; i += 1) {
      expect((await api.post('/api/auth/email-verification/resend', { email: me.email })).status).toBe(200);
    }
    const limited = await api.post('/api/auth/email-verification/resend', { email: me.email });
    expectJsonError(limited, 429);
    expect((await outboxTo(server, me.email)).length).toBe(4);
  });

  it('changes the address only when the new one confirms, and tells the old one', async () => {
    const me = await signedInUser(server, { label: 'mover' });
    const newEmail = uniqueEmail('moved');
    const change = (body: Record<string, unknown>) => me.api.post(`/api/user/${me.email}/email-change`, body);
    expectJsonError(await change({ newEmail }), 400);
    expectJsonError(await change({ newEmail, password: 'wrong-password' }), 400);
    expectJsonError(await change({ newEmail: me.email, password: DEFAULT_PASSWORD }), 400);
    const taken = await signedInUser(server, { label: 'taken' });
    expectJsonError(await change({ newEmail: taken.email, password: DEFAULT_PASSWORD }), 409);
    const stranger = await signedInUser(server, { label: 'stranger' });
    expectJsonError(
      await stranger.api.post(`/api/user/${me.email}/email-change`, { newEmail, password: DEFAULT_PASSWORD }),
      403,
    );
    expect(await outboxTo(server, newEmail)).toEqual([]);

    const asked = await change({ newEmail, password: DEFAULT_PASSWORD });
    expect(asked.status, asked.text).toBe(200);
    expect((await outboxTo(server, me.email)).map((m) => m.kind)).toContain('email-change-notice');
    const notice = await catcher.waitFor(me.email, /address was asked for/, 20_000);
    expect(notice.text).toContain(newEmail);
    const token = await linkToken(server, newEmail, 'email-change-confirm', '/confirm-email-change');

    // Nothing changed yet: the old address signs in, the new one does not.
    const signIn = (email: string) =>
      new ApiClient(server.baseUrl).post('/api/auth/login', { email, password: DEFAULT_PASSWORD });
    expect((await signIn(me.email)).status).toBe(200);
    expectJsonError(await signIn(newEmail), 401);

    const oldToken = me.api.token;
    const confirmed = await new ApiClient(server.baseUrl).post('/api/auth/email-change/confirm', { token });
    expect(confirmed.status, confirmed.text).toBe(200);
    expect(confirmed.body.user).toMatchObject({ id: me.id, email: newEmail, emailVerified: true });
    expectJsonError(
      await new ApiClient(server.baseUrl).post('/api/auth/email-change/confirm', { token }),
      400,
    );

    expectJsonError(await signIn(me.email), 401);
    expect((await signIn(newEmail)).status).toBe(200);
    // The session stays; its access token named the old address and is fetched again.
    expect((await me.api.get('/api/auth/session')).body.user.email).toBe(newEmail);
    expect(
      (await me.api.get(`/api/user/${me.id}`, { headers: { authorization: `Bearer ${oldToken}` } })).status,
    ).toBe(401);
    await me.api.refreshToken(newEmail);
    expect((await me.api.get(`/api/user/${newEmail}`)).body.findUser.email).toBe(newEmail);
  });

  it('refuses the confirmation when another account took the new address meanwhile', async () => {
    const me = await signedInUser(server, { label: 'late' });
    const wanted = uniqueEmail('wanted');
    const asked = await me.api.post(`/api/user/${me.email}/email-change`, {
      newEmail: wanted,
      password: DEFAULT_PASSWORD,
    });
    expect(asked.status, asked.text).toBe(200);
    const token = await linkToken(server, wanted, 'email-change-confirm', '/confirm-email-change');
    await new ApiClient(server.baseUrl).signUpAndIn({
      name: 'Quick',
      email: wanted,
      password: DEFAULT_PASSWORD,
    });
    const refused = await new ApiClient(server.baseUrl).post('/api/auth/email-change/confirm', { token });
    expectJsonError(refused, 409);
    expect((await me.api.get(`/api/user/${me.id}`)).body.findUser.email).toBe(me.email);
  });

  it('mails a caregiver invitation once, only for a verified patient, with the link on PUBLIC_URL', async () => {
    const invite = (patient: SignedInUser, email: string) =>
      patient.api.post(`/api/care/${patient.email}/invitations`, {
        email,
        permissions: DEFAULT_CARE_PERMISSIONS,
      });
    const unverified = await signedInUser(server, { label: 'patient-unverified' });
    const carerOfUnverified = uniqueEmail('carer');
    const refused = await invite(unverified, carerOfUnverified);
    expect(refused.status, refused.text).toBe(201);
    expect(refused.body.mailed).toBe(false);
    expect(refused.body.token).toEqual(expect.any(String));
    expect(await outboxTo(server, carerOfUnverified)).toEqual([]);

    const patient = await signedInUser(server, { label: 'patient', name: 'Grace Hopper' });
    expect(
      (await verify(await linkToken(server, patient.email, 'email-verification', '/verify-email'))).status,
    ).toBe(200);
    const carer = uniqueEmail('carer');
    const invited = await invite(patient, carer);
    expect(invited.status, invited.text).toBe(201);
    expect(invited.body.mailed).toBe(true);
    const mails = await outboxTo(server, carer);
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({ kind: 'care-invitation', userId: patient.id });
    const mailed = await catcher.waitFor(carer, /invites you to their care circle/, 20_000);
    expect(mailed.subject).toContain('Grace Hopper');
    expect(mailed.text).toContain(`${PUBLIC_URL}/care/accept?token=${invited.body.token}`);
    expect(catcher.received(carer)).toHaveLength(1);
  });

  it('refuses bad input with a 4xx and changes nothing', async () => {
    const api = new ApiClient(server.baseUrl);
    for (const token of ['', 'a'.repeat(201), 'abc\u0000def', 42]) {
      expectJsonError(await api.post('/api/auth/email-verification/confirm', { token }), 400);
      expectJsonError(await api.post('/api/auth/email-change/confirm', { token }), 400);
    }
    for (const email of ['not-an-address', `${'a'.repeat(250)}@example.com`, 'a\u0007@example.com']) {
      expectJsonError(await api.post('/api/auth/email-verification/resend', { email }), 400);
    }
    const me = await signedInUser(server, { label: 'bad-input' });
    expectJsonError(
      await me.api.post(`/api/user/${me.email}/email-change`, {
        newEmail: 'nope',
        password: DEFAULT_PASSWORD,
      }),
      400,
    );
    expectJsonError(await api.post(`/api/user/${me.email}/email-change`, { newEmail: uniqueEmail() }), 401);
  });

  it('writes no link token and no address into the info log', async () => {
    const tokens = catcher.messages.flatMap((m) => /token=([A-Za-z0-9_-]{20,})/.exec(m.text)?.[1] ?? []);
    expect(tokens.length).toBeGreaterThan(3);
    const log = logLines.join('\n');
    expect(log).toContain('/api/auth/email-change/confirm');
    for (const token of tokens) expect(log).not.toContain(token);
    expect(log).not.toMatch(/[a-z0-9.+-]+@example\.(com|org)/i);
  });
});

describe(`REQUIRE_EMAIL_VERIFICATION=true (${TEST_ENGINE})`, () => {
  let server: TestServer;
  beforeAll(async () => {
    catcher = await SmtpCatcher.start();
    server = await startTestServer({
      env: { PUBLIC_URL, SMTP_URL: catcher.url, REQUIRE_EMAIL_VERIFICATION: 'true' },
    });
  });
  afterAll(async () => {
    await server.close();
    await catcher.stop();
  });

  it('refuses the password sign-in of an unverified account with a 403 that says how to go on', async () => {
    const api = new ApiClient(server.baseUrl);
    const email = uniqueEmail('required');
    const registered = await api.post('/api/user/register', {
      name: 'Req',
      email,
      password: DEFAULT_PASSWORD,
    });
    expect(registered.status, registered.text).toBe(201);
    expect(registered.body.verificationRequired).toBe(true);

    const refused = await api.post('/api/auth/login', { email, password: DEFAULT_PASSWORD });
    expectJsonError(refused, 403);
    expect(refused.body).toMatchObject({ data: { reason: ERROR_REASONS.emailUnverified } });
    expect(refused.body.message).toMatch(/verify your email/i);
    expect(refused.headers.getSetCookie().some((c) => /^mr_session=[^;]+/.test(c))).toBe(false);
    // A wrong password says no more than for any address.
    expectJsonError(await api.post('/api/auth/login', { email, password: 'wrong-password' }), 401);
    expectJsonError(await api.post('/jwt', { email, password: DEFAULT_PASSWORD }), 403);

    // The registration's mail first, so the resent one is the newest to arrive.
    await catcher.waitFor(email, /^Verify your address/, 20_000);
    const resent = await api.post('/api/auth/email-verification/resend', { email });
    expect(resent.status).toBe(200);
    await expect.poll(() => catcher.received(email).length, { timeout: 20_000 }).toBe(2);
    const token = await linkToken(server, email, 'email-verification', '/verify-email');
    expect((await api.post('/api/auth/email-verification/confirm', { token })).status).toBe(200);
    const signedIn = await api.post('/api/auth/login', { email, password: DEFAULT_PASSWORD });
    expect(signedIn.status, signedIn.text).toBe(200);
    expect(signedIn.body.user.emailVerified).toBe(true);
  });
});

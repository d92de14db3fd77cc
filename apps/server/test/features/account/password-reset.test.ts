import { and, eq, ne } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountTokens, mailOutbox, users } from '../../../src/db/schema';
import { ApiClient } from '../../support/api-client';
import { waitFor } from '../../support/free-port';
import { type CaughtMail, SmtpCatcher } from '../../support/smtp-catcher';
import {
  DEFAULT_PASSWORD,
  expectJsonError,
  insertProviderOnlyUser,
  signedInUser,
  uniqueEmail,
} from '../../support/scenario';
import { TEST_ENGINE } from '../../support/test-database';
import { type TestServer, startTestServer } from '../../support/test-server';

const PUBLIC_URL = 'https://meds.example.org/app';
const NEW_PASSWORD = 'a-new-secret-after-reset';

describe(`password reset (${TEST_ENGINE})`, () => {
  let server: TestServer;
  let catcher: SmtpCatcher;
  beforeAll(async () => {
    // The mail goes out over real SMTP, as an operator's relay would receive it.
    catcher = await SmtpCatcher.start();
    server = await startTestServer({ env: { PUBLIC_URL, SMTP_URL: `smtp://127.0.0.1:${catcher.port}` } });
  });
  afterAll(async () => {
    await server.close();
    await catcher.stop();
  });

  const db = () => server.database.handle.db;
  const anonymous = () => new ApiClient(server.baseUrl);
  // Registration mails a verification link too (decision 208); the reset flow's mails are the rest.
  const mailsTo = (to: string) =>
    db()
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.toAddress, to), ne(mailOutbox.kind, 'email-verification')))
      .orderBy(mailOutbox.createdAt);
  const resetFlowMails = (to: string) =>
    catcher.received(to).filter((mail) => !mail.subject.startsWith('Verify your address'));
  const ask = (email: string) => anonymous().post('/api/auth/password-reset', { email });
  const check = (token: string) => anonymous().post('/api/auth/password-reset/check', { token });
  const confirm = (token: string, password = NEW_PASSWORD, api = anonymous()) =>
    api.post('/api/auth/password-reset/confirm', { token, password });
  const signIn = (email: string, password: string) =>
    anonymous().post('/api/auth/login', { email, password });

  /** The next reset-flow mail received over SMTP for `email` (each test's addresses are its own). */
  async function nextMail(email: string): Promise<CaughtMail> {
    const seen = resetFlowMails(email).length;
    const found = await waitFor(async () => resetFlowMails(email).length > seen, 20_000);
    expect(found, `a mail for ${email}`).toBe(true);
    return resetFlowMails(email)[seen]!;
  }

  /** Asks for a reset and takes the token out of the received mail's link, as the person would. */
  async function mailedToken(email: string): Promise<string> {
    const answer = await ask(email);
    expect(answer.status, answer.text).toBe(202);
    const mail = await nextMail(email);
    expect(mail.subject).toBe('Reset your Medicine Reminder password');
    const links = mail.links.filter((link) => link.includes('/reset-password'));
    // The same link in the HTML button and written out in both parts.
    expect(new Set(links).size, mail.text).toBe(1);
    const link = /^https:\/\/meds\.example\.org\/app\/reset-password\?token=([A-Za-z0-9_-]{43})$/.exec(
      links[0]!,
    );
    expect(link, links[0]).not.toBeNull();
    return link![1]!;
  }

  it('answers an address without an account exactly as one with an account, and mails only the account', async () => {
    const user = await signedInUser(server, { label: 'known' });
    const unknown = uniqueEmail('nobody');
    const known = await ask(user.email);
    const missing = await ask(unknown);
    expect(known.status).toBe(202);
    expect(missing.status).toBe(202);
    const withoutAddress = (body: { message: string }) => ({
      ...body,
      message: body.message.replace(/\S+@\S+?(?=,)/, '<address>'),
    });
    expect(withoutAddress(known.body)).toEqual(withoutAddress(missing.body));
    expect(known.body.message).toContain(`If an account exists for ${user.email}`);
    expect(missing.body.message).toContain(`If an account exists for ${unknown}`);
    const mail = await nextMail(user.email);
    expect(mail.subject).toBe('Reset your Medicine Reminder password');
    expect(mail.text).toContain('within 30 minutes');
    expect(mail.html).toContain('Choose a new password');
    const [row] = await mailsTo(user.email);
    expect(row).toMatchObject({ kind: 'password-reset', userId: user.id });
    // Nothing for the address without an account: no row, no message.
    expect(await mailsTo(unknown)).toEqual([]);
    expect(catcher.received(unknown)).toEqual([]);
    // Only the hash of the link's token is stored.
    const token = /token=([A-Za-z0-9_-]+)/.exec(mail.text)![1]!;
    const rows = await db()
      .select()
      .from(accountTokens)
      .where(and(eq(accountTokens.userId, user.id), eq(accountTokens.purpose, 'password-reset')));
    expect(rows).toHaveLength(1);
    expect(JSON.stringify(rows)).not.toContain(token);
  });

  it('sets the new password once, signs in as a sign-in does and signs every other device out', async () => {
    const user = await signedInUser(server, { label: 'reset' });
    const other = await signedInUser(server, { label: 'bystander' });
    const token = await mailedToken(user.email);
    expect((await check(token)).body).toEqual({ state: 'usable' });
    // Checking does not use it up.
    expect((await check(token)).body).toEqual({ state: 'usable' });

    const browser = anonymous();
    const done = await confirm(token, NEW_PASSWORD, browser);
    expect(done.status, done.text).toBe(200);
    expect(done.body.user).toMatchObject({ id: user.id, email: user.email });
    expect(done.headers.get('set-cookie')).toMatch(/HttpOnly/i);
    // The session cookie it set works as a sign-in's: a token from /jwt, the account readable.
    await browser.refreshToken(user.email);
    expect((await browser.get(`/api/user/${user.id}`)).status).toBe(200);

    // The device signed in before: its token and its session are both revoked.
    expectJsonError(await user.api.get(`/api/user/${user.id}`), 401);
    expectJsonError(await user.api.post('/jwt', { email: user.email }), 401);
    // Someone else's account is untouched.
    expect((await other.api.get(`/api/user/${other.id}`)).status).toBe(200);

    expectJsonError(await signIn(user.email, DEFAULT_PASSWORD), 401);
    expect((await signIn(user.email, NEW_PASSWORD)).status).toBe(200);

    // Single use: the second try is refused and changes nothing.
    expect((await check(token)).body).toEqual({ state: 'used' });
    const again = await confirm(token, 'yet-another-password');
    expectJsonError(again, 400);
    expect(again.body.message).toMatch(/already been used/);
    expectJsonError(await signIn(user.email, 'yet-another-password'), 401);
    expect((await signIn(user.email, NEW_PASSWORD)).status).toBe(200);
  });

  it('refuses a link older than 30 minutes, and a link replaced by a newer mail', async () => {
    const user = await signedInUser(server, { label: 'expiry' });
    const first = await mailedToken(user.email);
    const second = await mailedToken(user.email);
    expect((await check(first)).body).toEqual({ state: 'invalid' });
    expectJsonError(await confirm(first), 400);

    server.clock.advance(29 * 60_000);
    expect((await check(second)).body).toEqual({ state: 'usable' });
    server.clock.advance(2 * 60_000);
    try {
      expect((await check(second)).body).toEqual({ state: 'expired' });
      const late = await confirm(second);
      expectJsonError(late, 400);
      expect(late.body.message).toMatch(/expired/);
      expect((await signIn(user.email, DEFAULT_PASSWORD)).status).toBe(200);
    } finally {
      server.clock.advance(-31 * 60_000);
    }
  });

  it('refuses a forged or tampered token with 400 and changes nothing', async () => {
    const user = await signedInUser(server, { label: 'forged' });
    const token = await mailedToken(user.email);
    const flipped = `${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}`;
    for (const bad of [flipped, token.slice(0, 20), `${token}x`, 'not-a-token', 'x'.repeat(128)]) {
      const answer = await confirm(bad);
      expectJsonError(answer, 400);
      expect(answer.body.message).toMatch(/not valid/);
      expect((await check(bad)).body).toEqual({ state: 'invalid' });
    }
    expect((await user.api.get(`/api/user/${user.id}`)).status).toBe(200);
    expect((await signIn(user.email, DEFAULT_PASSWORD)).status).toBe(200);
    // The real link still works after all that.
    expect((await confirm(token)).status).toBe(200);
  });

  it('mails a provider-only account how it signs in, with no link', async () => {
    const { id, email } = await insertProviderOnlyUser(server, { label: 'google', name: 'Grace' });
    await server.app.services.social.identities.insert({
      provider: 'firebase',
      subject: `google-${email}`,
      userId: id,
      email,
      createdAt: server.clock.now(),
    });
    const answer = await ask(email);
    expect(answer.status).toBe(202);
    const mail = await nextMail(email);
    expect(mail.subject).toBe('How you sign in to Medicine Reminder');
    expect((await mailsTo(email))[0]?.kind).toBe('provider-sign-in');
    expect(mail.text).toContain('you sign in with Google');
    expect(mail.links).toContain(`${PUBLIC_URL}/login`);
    expect(mail.links.some((link) => link.includes('reset-password'))).toBe(false);
    expect(await db().select().from(accountTokens).where(eq(accountTokens.userId, id))).toEqual([]);
  });

  it('verifies an unverified address, since the link was read in that mailbox', async () => {
    const user = await signedInUser(server, { label: 'unverified' });
    await db().update(users).set({ emailVerifiedAt: null }).where(eq(users.id, user.id));
    const token = await mailedToken(user.email);
    expect((await confirm(token)).status).toBe(200);
    const [row] = await db().select().from(users).where(eq(users.id, user.id));
    expect(row!.emailVerifiedAt?.toISOString()).toBe(server.clock.now().toISOString());
  });

  it('drops the other reset links of the account once the password is set', async () => {
    const user = await signedInUser(server, { label: 'others' });
    const token = await mailedToken(user.email);
    // A link issued for the account by the operator's command meanwhile replaces it...
    const operator = await server.app.services.operatorResetLink(user.email);
    expect(operator?.link).toMatch(new RegExp(`^${PUBLIC_URL}/reset-password\\?token=`));
    expect((await check(token)).body).toEqual({ state: 'invalid' });
    const operatorToken = new URL(operator!.link).searchParams.get('token')!;
    const later = await mailedToken(user.email);
    expect((await confirm(later)).status).toBe(200);
    expect((await check(operatorToken)).body).toEqual({ state: 'invalid' });
    const unused = await db()
      .select()
      .from(accountTokens)
      .where(and(eq(accountTokens.userId, user.id), eq(accountTokens.purpose, 'password-reset')));
    expect(unused.filter((t) => t.usedAt === null)).toEqual([]);
  });

  it('refuses bad input with a 400 that says what is wrong, storing nothing', async () => {
    const before = (await db().select().from(mailOutbox)).length;
    const cases: [string, unknown, RegExp][] = [
      ['/api/auth/password-reset', { email: 'not-an-email' }, /valid email/],
      ['/api/auth/password-reset', {}, /email/i],
      ['/api/auth/password-reset', { email: `${'a'.repeat(250)}@example.com` }, /too long/],
      ['/api/auth/password-reset', { email: 'a@example.com\u0000' }, /control characters/],
      ['/api/auth/password-reset/confirm', { token: 'x', password: '123' }, /at least 6/],
      ['/api/auth/password-reset/confirm', { token: 'x'.repeat(129), password: NEW_PASSWORD }, /not valid/],
      ['/api/auth/password-reset/confirm', { password: NEW_PASSWORD }, /incomplete/],
      ['/api/auth/password-reset/check', { token: '' }, /incomplete/],
    ];
    for (const [path, body, message] of cases) {
      const answer = await anonymous().post(path, body);
      expectJsonError(answer, 400);
      expect(answer.body.message, path).toMatch(message);
    }
    expect((await db().select().from(mailOutbox)).length).toBe(before);
  });
});

describe(`password reset limits (${TEST_ENGINE})`, () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ env: { LOGIN_MAX_FAILURES_PER_IP: '6', TRUST_PROXY: 'loopback' } });
  });
  afterAll(() => server.close());

  const ask = (email: string, ip: string) =>
    new ApiClient(server.baseUrl).post(
      '/api/auth/password-reset',
      { email },
      { headers: { 'x-forwarded-for': ip } },
    );

  it('limits each address to 3 requests per window, an account or not, and tells both the same', async () => {
    const user = await signedInUser(server, { label: 'limited' });
    const unknown = uniqueEmail('limited-nobody');
    for (const email of [user.email, unknown]) {
      for (let i = 0; i < 3; i += 1) expect((await ask(email, `10.0.1.${i}`)).status).toBe(202);
      const refused = await ask(email, '10.0.1.9');
      expectJsonError(refused, 429);
      expect(refused.body.message).toMatch(/Too many password reset requests/);
    }
    // After the window the address may ask again.
    server.clock.advance(16 * 60_000);
    expect((await ask(user.email, '10.0.1.10')).status).toBe(202);
  });

  it('limits each network to the sign-in limit per IP, whatever the addresses', async () => {
    for (let i = 0; i < 6; i += 1) expect((await ask(uniqueEmail('ip'), '10.0.2.1')).status).toBe(202);
    expectJsonError(await ask(uniqueEmail('ip'), '10.0.2.1'), 429);
    // The same /64 of IPv6 counts as one network; another IP is free.
    expect((await ask(uniqueEmail('ip'), '10.0.2.2')).status).toBe(202);
  });
});

describe(`password reset in the logs (${TEST_ENGINE})`, () => {
  const logLines: string[] = [];
  let server: TestServer;
  let catcher: SmtpCatcher;
  beforeAll(async () => {
    catcher = await SmtpCatcher.start();
    server = await startTestServer({ logLines, env: { SMTP_URL: `smtp://127.0.0.1:${catcher.port}` } });
  });
  afterAll(async () => {
    await server.close();
    await catcher.stop();
  });

  it('never writes the address or a token at info (decision 185)', async () => {
    const user = await signedInUser(server, { label: 'logged' });
    const api = new ApiClient(server.baseUrl);
    expect((await api.post('/api/auth/password-reset', { email: user.email })).status).toBe(202);
    const mail = await catcher.waitFor(user.email, /Reset your/, 20_000);
    const token = /token=([A-Za-z0-9_-]+)/.exec(mail.text)![1]!;
    // The link as the browser opens it, then the screen's own calls.
    await api.get(`/reset-password?token=${token}`);
    await api.post('/api/auth/password-reset/check', { token });
    expect(
      (await api.post('/api/auth/password-reset/confirm', { token, password: NEW_PASSWORD })).status,
    ).toBe(200);
    const logged = logLines.join('\n');
    expect(logged).toContain('/reset-password?token=[redacted]');
    expect(logged).not.toContain(token);
    expect(logged).not.toContain(user.email);
  });
});

import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessions } from '../../../src/db/schema';
import { ApiClient } from '../../support/api-client';
import {
  DEFAULT_PASSWORD,
  base64url,
  decodeJwt,
  expectJsonError,
  jwtSecretOf,
  signToken,
  signedInUser,
  uniqueEmail,
} from '../../support/scenario';
import { TEST_ENGINE } from '../../support/test-database';
import { type TestServer, startTestServer } from '../../support/test-server';

const MINUTE = 60_000;
const PUBLIC_USER_KEYS = ['createdAt', 'email', 'emailVerified', 'id', 'lastLogin', 'name'];

function sessionCookieOf(headers: Headers): string | undefined {
  return headers.getSetCookie().find((c) => c.startsWith('mr_session='));
}

describe(`auth (${TEST_ENGINE})`, () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({
      env: {
        LOGIN_MAX_FAILURES_PER_ACCOUNT: '3',
        LOGIN_FAILURE_WINDOW_MINUTES: '15',
        SESSION_TTL_DAYS: '30',
      },
    });
  });
  afterAll(() => server.close());

  const anonymous = () => new ApiClient(server.baseUrl);
  /** A bearer call that answers 200 for a valid token. */
  const whoAmI = (token: string | undefined, userId: string) =>
    anonymous().get(`/api/user/${userId}`, {
      headers: token === undefined ? {} : { authorization: `Bearer ${token}` },
    });

  describe('register', () => {
    it('answers 201 Created with the user, its email trimmed and lower-cased', async () => {
      const email = uniqueEmail('Mixed.Case');
      const response = await anonymous().post('/api/user/register', {
        name: '  Ada Lovelace ',
        email: `  ${email.toUpperCase()}  `,
        password: 'secret',
      });
      expect(response.status, response.text).toBe(201);
      expect(response.body).toEqual({
        message: 'Created',
        user: {
          id: expect.any(String),
          name: 'Ada Lovelace',
          email,
          emailVerified: false,
          createdAt: expect.any(String),
          lastLogin: null,
        },
        verificationRequired: false,
      });
      expect(Object.keys(response.body.user).sort()).toEqual(PUBLIC_USER_KEYS);
      expect(response.text).not.toContain('secret');
      // The normalised address is the one that signs in.
      const login = await anonymous().post('/api/auth/login', { email, password: 'secret' });
      expect(login.status, login.text).toBe(200);
    });

    it('refuses a taken email in any case with 409 and keeps the first account intact', async () => {
      const email = uniqueEmail('dup');
      expect(
        (await anonymous().post('/api/user/register', { name: 'First', email, password: 'first-pass' }))
          .status,
      ).toBe(201);
      for (const variant of [
        email,
        email.toUpperCase(),
        ` ${email.replace(/^./, (c) => c.toUpperCase())} `,
      ]) {
        const again = await anonymous().post('/api/user/register', {
          name: 'Second',
          email: variant,
          password: 'other-pass',
        });
        expectJsonError(again, 409);
        expect(again.body.message).toMatch(/already exists/i);
      }
      expect((await anonymous().post('/api/auth/login', { email, password: 'first-pass' })).status).toBe(200);
      expectJsonError(await anonymous().post('/api/auth/login', { email, password: 'other-pass' }), 401);
    });

    it('needs a password of at least 6 characters, with the spec’s message', async () => {
      const short = await anonymous().post('/api/user/register', {
        name: 'S',
        email: uniqueEmail(),
        password: '12345',
      });
      expectJsonError(short, 400);
      expect(short.body.message).toContain('Password should be at least 6 characters long.');
      const exactlySix = await anonymous().post('/api/user/register', {
        name: 'S',
        email: uniqueEmail(),
        password: '123456',
      });
      expect(exactlySix.status, exactlySix.text).toBe(201);
    });
  });

  describe('login', () => {
    it('answers the public user with lastLogin = now and sets an httpOnly, SameSite=Lax session cookie', async () => {
      const email = uniqueEmail('login');
      await anonymous().post('/api/user/register', { name: 'Lin', email, password: DEFAULT_PASSWORD });
      const now = server.clock.now();
      const response = await anonymous().post('/api/auth/login', {
        email: email.toUpperCase(),
        password: DEFAULT_PASSWORD,
      });
      expect(response.status, response.text).toBe(200);
      expect(response.body).toEqual({
        user: {
          id: expect.any(String),
          name: 'Lin',
          email,
          emailVerified: false,
          createdAt: expect.any(String),
          lastLogin: now.toISOString(),
        },
      });
      expect(Object.keys(response.body.user).sort()).toEqual(PUBLIC_USER_KEYS);

      const cookie = sessionCookieOf(response.headers);
      expect(cookie).toBeDefined();
      const [pair, ...attributes] = cookie!.split(';').map((part) => part.trim());
      const value = pair!.slice('mr_session='.length);
      expect(value.length).toBeGreaterThanOrEqual(32);
      expect(attributes).toContain('HttpOnly');
      expect(attributes).toContain('SameSite=Lax');
      expect(attributes).toContain('Path=/');
      expect(attributes.some((a) => /^secure$/i.test(a))).toBe(false);
      const expires = attributes.find((a) => a.startsWith('Expires='));
      expect(new Date(expires!.slice('Expires='.length)).getTime()).toBe(now.getTime() + 30 * 86_400_000);

      // Only a hash of the cookie is stored: a leaked table does not leak live sessions.
      const stored = await server.database.handle.db.select({ tokenHash: sessions.tokenHash }).from(sessions);
      const hashes = stored.map((s) => s.tokenHash);
      expect(hashes).toContain(createHash('sha256').update(value).digest('hex'));
      expect(hashes).not.toContain(value);
    });

    it('does not trust X-Forwarded-Proto unless TRUST_PROXY is set', async () => {
      const user = await signedInUser(server);
      const response = await anonymous().post(
        '/api/auth/login',
        { email: user.email, password: user.password },
        { headers: { 'x-forwarded-proto': 'https' } },
      );
      expect(response.status).toBe(200);
      expect(sessionCookieOf(response.headers)).not.toMatch(/;\s*Secure/i);
    });

    it('answers a wrong password and an unknown email with the same 401', async () => {
      const user = await signedInUser(server);
      const wrongPassword = await anonymous().post('/api/auth/login', {
        email: user.email,
        password: 'not-the-password',
      });
      const unknownEmail = await anonymous().post('/api/auth/login', {
        email: uniqueEmail('ghost'),
        password: 'whatever1',
      });
      expectJsonError(wrongPassword, 401);
      expectJsonError(unknownEmail, 401);
      expect(wrongPassword.body).toEqual(unknownEmail.body);
      expect(sessionCookieOf(wrongPassword.headers)).toBeUndefined();
    });

    it('limits failures per account (429 even with the right password) until the window passes', async () => {
      const victim = await signedInUser(server, { label: 'victim' });
      const bystander = await signedInUser(server, { label: 'bystander' });
      const attempt = (who: { email: string }, password: string) =>
        anonymous().post('/api/auth/login', { email: who.email, password });

      for (let i = 0; i < 3; i += 1) expectJsonError(await attempt(victim, `wrong-${i}`), 401);
      const blocked = await attempt(victim, victim.password);
      expectJsonError(blocked, 429);
      expect(blocked.body.message).toMatch(/too many/i);
      // /jwt with the password is the same door and is shut too.
      expectJsonError(
        await anonymous().post('/jwt', { email: victim.email, password: victim.password }),
        429,
      );
      // Per account: another account from the same address is not affected.
      expect((await attempt(bystander, bystander.password)).status).toBe(200);

      server.clock.advance(14 * MINUTE);
      expectJsonError(await attempt(victim, victim.password), 429);
      server.clock.advance(2 * MINUTE);
      expect((await attempt(victim, victim.password)).status).toBe(200);
    });

    it('forgets an account’s failures after a successful sign-in', async () => {
      const user = await signedInUser(server);
      const attempt = (password: string) =>
        anonymous().post('/api/auth/login', { email: user.email, password });
      for (let i = 0; i < 2; i += 1) expectJsonError(await attempt('wrong-pass'), 401);
      expect((await attempt(user.password)).status).toBe(200);
      for (let i = 0; i < 2; i += 1) expectJsonError(await attempt('wrong-pass'), 401);
      expect((await attempt(user.password)).status).toBe(200);
    });
  });

  describe('POST /jwt', () => {
    it('issues a token for the email of a live session cookie, and for nobody else', async () => {
      const me = await signedInUser(server);
      const other = await signedInUser(server);
      const mine = await me.api.post('/jwt', { email: me.email.toUpperCase() });
      expect(mine.status, mine.text).toBe(200);
      expect(mine.body).toEqual({ token: expect.any(String), expiresAt: expect.any(String) });
      expect(decodeJwt(mine.body.token).payload).toMatchObject({ sub: me.id, email: me.email });

      expectJsonError(await me.api.post('/jwt', { email: other.email }), 401);
      expectJsonError(await anonymous().post('/jwt', { email: me.email }), 401);
      const forgedCookie = await anonymous().post(
        '/jwt',
        { email: me.email },
        { headers: { cookie: 'mr_session=forged' } },
      );
      expectJsonError(forgedCookie, 401);
    });

    it('issues a token for the account password (API clients), never for a wrong one', async () => {
      const me = await signedInUser(server);
      const withPassword = await anonymous().post('/jwt', { email: me.email, password: me.password });
      expect(withPassword.status, withPassword.text).toBe(200);
      expect(decodeJwt(withPassword.body.token).payload.sub).toBe(me.id);
      const wrong = await anonymous().post('/jwt', { email: me.email, password: 'wrong-password' });
      expectJsonError(wrong, 401);
      expect(wrong.body).not.toHaveProperty('token');
      // My cookie does not lend my identity to a password guess for someone else.
      const other = await signedInUser(server);
      expectJsonError(await me.api.post('/jwt', { email: other.email, password: 'guess-guess' }), 401);
    });

    it('signs an HS256 JWT of at most one hour that the API accepts', async () => {
      const me = await signedInUser(server);
      const response = await me.api.post('/jwt', { email: me.email });
      const { header, payload } = decodeJwt(response.body.token);
      expect(header.alg).toBe('HS256');
      const nowSeconds = Math.floor(server.clock.now().getTime() / 1000);
      expect(payload.iat).toBe(nowSeconds);
      expect(payload.exp! - payload.iat!).toBeGreaterThan(0);
      expect(payload.exp! - payload.iat!).toBeLessThanOrEqual(3600);
      expect(response.body.expiresAt).toBe(new Date(payload.exp! * 1000).toISOString());
      expect((await whoAmI(response.body.token, me.id)).status).toBe(200);
    });

    it('answers 401 to an expired token, and 200 just before it expires', async () => {
      const me = await signedInUser(server);
      const token = await me.api.refreshToken(me.email);
      server.clock.advance(59 * MINUTE);
      expect((await whoAmI(token, me.id)).status).toBe(200);
      server.clock.advance(2 * MINUTE);
      const expired = await whoAmI(token, me.id);
      expectJsonError(expired, 401);
    });
  });

  describe('bearer tokens', () => {
    it('refuses missing, malformed and forged tokens with 401', async () => {
      const me = await signedInUser(server);
      const other = await signedInUser(server);
      const real = decodeJwt(me.api.token!);
      const [realHeader, realPayload, realSignature] = me.api.token!.split('.') as [string, string, string];
      const secret = await jwtSecretOf(server);
      const nowSeconds = Math.floor(server.clock.now().getTime() / 1000);

      // Positive control: the real secret with the real claims is accepted, so each refusal below is
      // about the one thing that differs.
      expect((await whoAmI(await signToken(secret, real.payload), me.id)).status).toBe(200);

      const forged: [string, string | undefined][] = [
        ['no token', undefined],
        ['empty', ''],
        ['garbage', 'not-a-token'],
        ['three garbage parts', 'abc.def.ghi'],
        ['wrong signature', await signToken('another-secret-that-is-long-enough-0123456789', real.payload)],
        ['alg none', `${base64url({ alg: 'none', typ: 'JWT' })}.${realPayload}.`],
        [
          'alg none, signature kept',
          `${base64url({ alg: 'none', typ: 'JWT' })}.${realPayload}.${realSignature}`,
        ],
        [
          'payload swapped to another user',
          `${realHeader}.${base64url({ ...real.payload, sub: other.id, email: other.email })}.${realSignature}`,
        ],
        ['HS512 with the real secret', await signToken(secret, real.payload, 'HS512')],
        [
          'real secret, email of another account',
          await signToken(secret, { ...real.payload, email: other.email }),
        ],
        [
          'real secret, issued 2 hours ago with a long exp',
          await signToken(secret, {
            ...real.payload,
            iat: nowSeconds - 7200,
            exp: nowSeconds + 86_400,
          }),
        ],
        ['real secret, no audience', await signToken(secret, { ...real.payload, aud: undefined })],
      ];
      for (const [label, token] of forged) {
        const response = await whoAmI(token, me.id);
        expect(response.status, `${label}: ${response.text}`).toBe(401);
        expectJsonError(response, 401);
      }
      const notBearer = await anonymous().get(`/api/user/${me.id}`, {
        headers: { authorization: `Token ${me.api.token}` },
      });
      expectJsonError(notBearer, 401);
    });
  });

  describe('session and logout', () => {
    it('GET /api/auth/session answers the cookie’s user, or null', async () => {
      const me = await signedInUser(server);
      const mine = await me.api.get('/api/auth/session');
      expect(mine.status).toBe(200);
      expect(mine.body).toEqual({
        user: {
          id: me.id,
          name: me.name,
          email: me.email,
          emailVerified: false,
          createdAt: expect.any(String),
          lastLogin: expect.any(String),
        },
      });
      expect(await anonymous().get('/api/auth/session')).toMatchObject({ status: 200, body: { user: null } });
      const bogus = await anonymous().get('/api/auth/session', { headers: { cookie: 'mr_session=bogus' } });
      expect(bogus).toMatchObject({ status: 200, body: { user: null } });
    });

    it('logout (no body, as the spec’s client sends it) ends the session on the server', async () => {
      const me = await signedInUser(server);
      const oldCookie = me.api.cookie!;
      const response = await me.api.post('/api/auth/logout');
      expect(response.status, response.text).toBe(200);
      expect(response.body).toEqual({ success: true, message: 'You have been logged out successfully.' });
      // The browser is told to forget the cookie...
      expect(sessionCookieOf(response.headers)).toMatch(/^mr_session=;/);
      // ...and replaying the old one gets nothing: the session is gone server-side.
      const replay = { headers: { cookie: oldCookie } };
      expectJsonError(await anonymous().post('/jwt', { email: me.email }, replay), 401);
      expect((await anonymous().get('/api/auth/session', replay)).body).toEqual({ user: null });
      // A second logout is harmless.
      expect((await anonymous().post('/api/auth/logout', {}, replay)).status).toBe(200);
    });

    it('a deleted account’s token, cookie and password no longer work', async () => {
      const me = await signedInUser(server);
      const token = me.api.token!;
      const cookie = me.api.cookie!;
      const deleted = await me.api.delete(`/api/user/${me.email}/account`, { password: me.password });
      expect(deleted.status, deleted.text).toBe(200);
      expectJsonError(await whoAmI(token, me.id), 401);
      expectJsonError(await anonymous().post('/jwt', { email: me.email }, { headers: { cookie } }), 401);
      expectJsonError(
        await anonymous().post('/api/auth/login', { email: me.email, password: me.password }),
        401,
      );
    });

    it('a session cookie stops working after SESSION_TTL_DAYS', async () => {
      const me = await signedInUser(server);
      server.clock.advance(29 * 86_400_000);
      expect((await me.api.post('/jwt', { email: me.email })).status).toBe(200);
      server.clock.advance(2 * 86_400_000);
      expectJsonError(await me.api.post('/jwt', { email: me.email }), 401);
      expect((await me.api.get('/api/auth/session')).body).toEqual({ user: null });
    });
  });
});

describe(`auth behind a trusted proxy (${TEST_ENGINE})`, () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({
      env: {
        TRUST_PROXY: 'loopback',
        LOGIN_MAX_FAILURES_PER_IP: '4',
        LOGIN_MAX_FAILURES_PER_ACCOUNT: '100',
        LOGIN_FAILURE_WINDOW_MINUTES: '10',
      },
    });
  });
  afterAll(() => server.close());

  const from = (ip: string, extra: Record<string, string> = {}) => ({
    headers: { 'x-forwarded-for': ip, ...extra },
  });

  it('marks the session cookie Secure when the proxy says the request came over https', async () => {
    const me = await signedInUser(server);
    const api = new ApiClient(server.baseUrl);
    const overHttps = await api.post(
      '/api/auth/login',
      { email: me.email, password: me.password },
      from('198.51.100.1', { 'x-forwarded-proto': 'https' }),
    );
    expect(overHttps.status).toBe(200);
    const cookie = sessionCookieOf(overHttps.headers)!;
    expect(cookie).toMatch(/;\s*Secure(;|$)/);
    expect(cookie).toMatch(/;\s*HttpOnly(;|$)/);
    expect(cookie).toMatch(/;\s*SameSite=Lax(;|$)/);
    const overHttp = await api.post(
      '/api/auth/login',
      { email: me.email, password: me.password },
      from('198.51.100.1'),
    );
    expect(sessionCookieOf(overHttp.headers)).not.toMatch(/;\s*Secure/i);
  });

  it('limits failures per IP across accounts until the window passes', async () => {
    const me = await signedInUser(server);
    const api = new ApiClient(server.baseUrl);
    const attacker = '203.0.113.10';
    for (let i = 0; i < 4; i += 1) {
      expectJsonError(
        await api.post(
          '/api/auth/login',
          { email: uniqueEmail('spray'), password: 'guess-123' },
          from(attacker),
        ),
        401,
      );
    }
    const blocked = await api.post(
      '/api/auth/login',
      { email: me.email, password: me.password },
      from(attacker),
    );
    expectJsonError(blocked, 429);
    // The same account from another address still signs in: the limit is on the address.
    expect(
      (await api.post('/api/auth/login', { email: me.email, password: me.password }, from('203.0.113.11')))
        .status,
    ).toBe(200);
    server.clock.advance(11 * MINUTE);
    expect(
      (await api.post('/api/auth/login', { email: me.email, password: me.password }, from(attacker))).status,
    ).toBe(200);
  });
});

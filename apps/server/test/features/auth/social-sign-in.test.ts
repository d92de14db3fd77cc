import { DEFAULT_CARE_PERMISSIONS } from '@medrem/contract';
import { and, eq, isNull } from 'drizzle-orm';
import { SignJWT, generateKeyPair } from 'jose';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { accountTokens, reminderSchedule } from '../../../src/db/schema';
import { FirebaseIdTokenVerifier } from '../../../src/features/auth/social/firebase-id-token.verifier';
import { ApiClient, type ApiResponse } from '../../support/api-client';
import {
  DEFAULT_PASSWORD,
  base64url,
  createMedicine,
  decodeJwt,
  expectJsonError,
  signedInUser,
  uniqueEmail,
} from '../../support/scenario';
import {
  EMULATOR_API_KEY,
  type FirebaseAuthEmulator,
  emulatorHasUser,
  emulatorIdToken,
  startFirebaseAuthEmulator,
} from '../../support/social/firebase-auth-emulator';
import { TEST_ENGINE } from '../../support/test-database';
import { type TestServer, startTestServer } from '../../support/test-server';

// FCM is not configured on this server (FCM tokens are refused then): the device is a browser's.
const WEB_PUSH_SUBSCRIPTION = JSON.stringify({
  endpoint: 'https://updates.push.services.mozilla.com/wpush/v2/social-sign-in',
  expirationTime: null,
  keys: {
    p256dh: 'BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1XbjhazAkj7I99e8QcYP7DkM',
    auth: 'tBHItJI5svbpez7KI4CCXg',
  },
});

/** An unsigned token shaped like the emulator's, with the claims changed. */
function unsignedToken(claims: Record<string, unknown>): string {
  return `${base64url({ alg: 'none', typ: 'JWT' })}.${base64url(claims)}.`;
}

describe(`Google sign-in through Firebase Auth, on the emulator (${TEST_ENGINE})`, () => {
  let emulator: FirebaseAuthEmulator;
  let server: TestServer;
  let subjects = 0;
  const logLines: string[] = [];

  beforeAll(async () => {
    emulator = await startFirebaseAuthEmulator();
    // firebase-admin reads it from the environment, as in a deployment.
    process.env.FIREBASE_AUTH_EMULATOR_HOST = emulator.host;
    server = await startTestServer({
      env: {
        FIREBASE_PROJECT_ID: emulator.projectId,
        FIREBASE_API_KEY: EMULATOR_API_KEY,
        FIREBASE_AUTH_EMULATOR_HOST: emulator.host,
      },
      logLines,
    });
  }, 120_000);
  afterAll(async () => {
    await server?.close();
    await emulator?.stop();
    delete process.env.FIREBASE_AUTH_EMULATOR_HOST;
  });

  const googleAccount = (
    overrides: Partial<{ email: string; email_verified: boolean; name: string }> = {},
  ) => {
    subjects += 1;
    return {
      sub: `google-${subjects}-${Date.now()}`,
      email: uniqueEmail('google'),
      email_verified: true,
      name: 'Grace Hopper',
      ...overrides,
    };
  };

  type Path = 'REST' | 'tRPC';
  const socialLogin = (api: ApiClient, path: Path, body: Record<string, unknown>, headers = {}) =>
    path === 'REST'
      ? api.post('/api/user/social-login', body, { headers })
      : api.request('POST', '/trpc/user.socialLogin', body, { headers });
  const payloadOf = (response: ApiResponse) =>
    (response.body as { result?: { data?: unknown } }).result?.data ?? response.body;

  it('offers Google through Firebase, with the web config and the emulator', async () => {
    const response = await new ApiClient(server.baseUrl).get('/api/auth/providers');
    expect(response.status, response.text).toBe(200);
    expect(response.body).toEqual({
      firebase: {
        apiKey: EMULATOR_API_KEY,
        authDomain: `${emulator.projectId}.firebaseapp.com`,
        projectId: emulator.projectId,
        emulatorUrl: `http://${emulator.host}`,
      },
      oidc: null,
    });
    // The page's CSP lets it reach the emulator and nothing else new; popups keep their opener.
    const page = await fetch(`${server.baseUrl}/`);
    const csp = page.headers.get('content-security-policy') ?? '';
    expect(csp).toContain(`connect-src 'self' http://${emulator.host}`);
    expect(csp).toContain(`frame-src http://${emulator.host}`);
    expect(csp).toContain("script-src 'self' 'wasm-unsafe-eval' https://apis.google.com");
    expect(page.headers.get('cross-origin-opener-policy')).toBe('same-origin-allow-popups');
  });

  for (const path of ['REST', 'tRPC'] as const) {
    it(`creates the account and opens the password sign-in's session (${path})`, async () => {
      const account = googleAccount();
      const { idToken } = await emulatorIdToken(emulator, account);
      const api = new ApiClient(server.baseUrl);
      const response = await socialLogin(api, path, {
        email: account.email.toUpperCase(),
        name: 'Grace',
        tokenForNotification: WEB_PUSH_SUBSCRIPTION,
        idToken,
        timezone: 'Europe/Berlin',
        locale: 'es',
      });
      expect(response.status, response.text).toBe(200);
      const data = payloadOf(response) as {
        user: { id: string; email: string; name: string };
        linkedExistingAccount: boolean;
      };
      expect(data.user).toMatchObject({ email: account.email, name: 'Grace' });
      expect(data.linkedExistingAccount).toBe(false);
      // The same session as a password sign-in: the cookie proves the identity to /jwt.
      expect(api.cookie).toMatch(/^mr_session=/);
      const session = await api.get('/api/auth/session');
      expect(session.body.user.id).toBe(data.user.id);
      const token = await api.refreshToken(account.email);
      expect(decodeJwt(token).payload.email).toBe(account.email);
      const devices = await server.app.services.repositories.pushSubscriptions.listForUser(data.user.id);
      expect(devices.map((d) => d.kind)).toEqual(['webpush']);
      const settings = await api.get(`/api/user/${account.email}/settings`);
      expect(settings.body.settings.timezone).toBe('Europe/Berlin');
      // Issue 54: the browser's language is the new account's.
      expect(settings.body.settings.locale).toBe('es');

      // Signing in again finds the same account by the Google subject.
      const again = await socialLogin(new ApiClient(server.baseUrl), path, {
        email: account.email,
        name: 'Someone Else',
        idToken: (await emulatorIdToken(emulator, account)).idToken,
      });
      expect(again.status, again.text).toBe(200);
      expect((payloadOf(again) as { user: { id: string; name: string } }).user).toMatchObject({
        id: data.user.id,
        name: 'Grace',
      });
    });
  }

  it('takes the ID token from the Authorization header too (the spec’s body has no field for it)', async () => {
    const account = googleAccount();
    const { idToken } = await emulatorIdToken(emulator, account);
    const api = new ApiClient(server.baseUrl);
    const response = await socialLogin(
      api,
      'REST',
      { email: account.email, name: 'Header' },
      {
        authorization: `Bearer ${idToken}`,
      },
    );
    expect(response.status, response.text).toBe(200);
    expect(api.cookie).toMatch(/^mr_session=/);
  });

  it('links a password account whose owner verified the address as it is, and says so once', async () => {
    const email = uniqueEmail('linked');
    const owner = new ApiClient(server.baseUrl);
    const registered = await owner.signUpAndIn({ name: 'Ada', email, password: DEFAULT_PASSWORD });
    // The owner opened the mailed link (verified-addresses.test.ts tests the link itself).
    await server.app.services.repositories.users.markVerified(registered.id, email, server.clock.now());
    const account = googleAccount({ email });
    const first = await socialLogin(new ApiClient(server.baseUrl), 'REST', {
      email,
      name: 'Ada G',
      idToken: (await emulatorIdToken(emulator, account)).idToken,
    });
    expect(first.status, first.text).toBe(200);
    expect(first.body).toMatchObject({
      linkedExistingAccount: true,
      securedUnverifiedAccount: false,
      user: { id: registered.id, name: 'Ada' },
    });
    const second = await socialLogin(new ApiClient(server.baseUrl), 'REST', {
      email,
      name: 'Ada G',
      idToken: (await emulatorIdToken(emulator, account)).idToken,
    });
    expect(second.body).toMatchObject({ linkedExistingAccount: false, user: { id: registered.id } });
    // The password still works, the owner's session too, and both ways are listed.
    const login = await new ApiClient(server.baseUrl).post('/api/auth/login', {
      email,
      password: DEFAULT_PASSWORD,
    });
    expect(login.status, login.text).toBe(200);
    expect((await owner.get('/api/auth/session')).body.user?.id).toBe(registered.id);
    const methods = await owner.get(`/api/user/${email}/sign-in-methods`);
    expect(methods.status, methods.text).toBe(200);
    expect(methods.body).toMatchObject({
      hasPassword: true,
      providers: [{ provider: 'firebase', label: 'Google', email }],
    });
  });

  it('takes an unverified password account from whoever registered the address first (decision 219)', async () => {
    const email = uniqueEmail('prehijack');
    const users = server.app.services.repositories.users;
    // Someone registers the address before its owner, and prepares ways back in.
    const squatter = new ApiClient(server.baseUrl);
    const registered = await squatter.signUpAndIn({ name: 'Not Ada', email, password: DEFAULT_PASSWORD });
    const squatterDevice = WEB_PUSH_SUBSCRIPTION.replace('/social-sign-in', '/squatter-device');
    expect(
      (await squatter.post('/api/user/save-fcm-token', { email, tokenForNotification: squatterDevice }))
        .status,
    ).toBeLessThan(300);
    const feed = await squatter.post(`/api/calendar/${email}/feed`);
    expect(feed.status, feed.text).toBe(201);
    const feedPath = new URL(feed.body.url as string).pathname;
    expect((await fetch(`${server.baseUrl}${feedPath}`)).status).toBe(200);
    await createMedicine(
      { api: squatter, email },
      { name: 'Metformin', dosage: '850mg', frequency: '1-0-1' },
    );
    const accomplice = await signedInUser(server, { label: 'accomplice' });
    const invited = await squatter.post(`/api/care/${email}/invitations`, {
      email: accomplice.email,
      permissions: { ...DEFAULT_CARE_PERMISSIONS, canSeeMedicines: true },
    });
    expect(invited.status, invited.text).toBe(201);
    expect(
      (await accomplice.api.post('/api/care/invitation/accept', { token: invited.body.token })).status,
    ).toBe(200);
    const second = await signedInUser(server, { label: 'accomplice-2' });
    const open = await squatter.post(`/api/care/${email}/invitations`, {
      email: second.email,
      permissions: DEFAULT_CARE_PERMISSIONS,
    });
    expect(open.status, open.text).toBe(201);
    expect((await squatter.post('/api/auth/password-reset', { email })).status).toBe(202);
    const unusedLinks = () =>
      server.database.handle.db
        .select()
        .from(accountTokens)
        .where(and(eq(accountTokens.userId, registered.id), isNull(accountTokens.usedAt)));
    expect((await unusedLinks()).length).toBeGreaterThan(0); // the verification and the reset link
    const careRows = async () =>
      (await server.database.handle.db.select().from(reminderSchedule)).filter(
        (r) => r.userId === registered.id && r.kind === 'care',
      );
    expect((await careRows()).length).toBeGreaterThan(0);

    // The owner signs in with Google: the provider vouches for the address.
    const google = googleAccount({ email });
    const owner = new ApiClient(server.baseUrl);
    const signIn = await socialLogin(owner, 'REST', {
      email,
      name: 'Ada',
      tokenForNotification: WEB_PUSH_SUBSCRIPTION.replace('/social-sign-in', '/owner-device'),
      idToken: (await emulatorIdToken(emulator, google)).idToken,
    });
    expect(signIn.status, signIn.text).toBe(200);
    expect(signIn.body).toMatchObject({
      linkedExistingAccount: true,
      securedUnverifiedAccount: true,
      user: { id: registered.id, emailVerified: true },
    });

    // The squatter is out: session, access token, password, mailed links.
    expect((await squatter.get('/api/auth/session')).body.user).toBeNull();
    expect((await squatter.get(`/api/user/${email}/settings`)).status).toBe(401);
    const passwordLogin = await new ApiClient(server.baseUrl).post('/api/auth/login', {
      email,
      password: DEFAULT_PASSWORD,
    });
    expect(passwordLogin.status).toBe(401);
    expect(
      (await new ApiClient(server.baseUrl).post('/jwt', { email, password: DEFAULT_PASSWORD })).status,
    ).toBe(401);
    expect(await unusedLinks()).toEqual([]);
    // …and so is what reads the account from elsewhere: devices, calendar feed, caregivers, invitations.
    const devices = await server.app.services.repositories.pushSubscriptions.listForUser(registered.id);
    expect(devices.map((d) => d.endpoint)).toEqual([
      'https://updates.push.services.mozilla.com/wpush/v2/owner-device',
    ]);
    expect((await fetch(`${server.baseUrl}${feedPath}`)).status).toBe(404);
    expect((await accomplice.api.get(`/api/care/${accomplice.email}/patients`)).body.patients).toEqual([]);
    expect(await careRows()).toEqual([]);
    expect((await second.api.post('/api/care/invitation/accept', { token: open.body.token })).status).toBe(
      404,
    );
    // The owner's way in is the provider; a password can be set in Settings.
    expect((await users.findById(registered.id))?.passwordHash).toBeNull();
    await owner.refreshToken(email);
    const methods = await owner.get(`/api/user/${email}/sign-in-methods`);
    expect(methods.body).toMatchObject({ hasPassword: false, providers: [{ provider: 'firebase' }] });
    // Said once: the next sign-in is an ordinary one.
    const again = await socialLogin(new ApiClient(server.baseUrl), 'REST', {
      email,
      name: 'Ada',
      idToken: (await emulatorIdToken(emulator, google)).idToken,
    });
    expect(again.body).toMatchObject({ linkedExistingAccount: false, securedUnverifiedAccount: false });
  });

  describe('refuses, through REST and tRPC alike, with 401 and no session', () => {
    /**
     * The claims of a real emulator user (it must exist: in emulator mode firebase-admin looks the
     * uid up), re-encoded with some changed, so a refusal can only come from the changed claim.
     */
    const projectClaims = async (overrides: Record<string, unknown> = {}) => {
      const account = googleAccount();
      const { idToken } = await emulatorIdToken(emulator, account);
      return { email: account.email, claims: { ...decodeJwt(idToken).payload, ...overrides } };
    };
    const cases: { label: string; make: () => Promise<{ email: string; idToken?: string }> }[] = [
      { label: 'no token at all', make: async () => ({ email: uniqueEmail('none') }) },
      {
        label: 'a forged token (signed with a key that is not Google’s)',
        make: async () => {
          const { email, claims } = await projectClaims();
          const { privateKey } = await generateKeyPair('RS256');
          const idToken = await new SignJWT(claims)
            .setProtectedHeader({ alg: 'RS256', kid: 'forged', typ: 'JWT' })
            .sign(privateKey);
          return { email, idToken };
        },
      },
      {
        label: 'an expired token',
        make: async () => {
          const now = Math.floor(Date.now() / 1000);
          const { email, claims } = await projectClaims({
            iat: now - 7200,
            auth_time: now - 7200,
            exp: now - 3600,
          });
          return { email, idToken: unsignedToken(claims) };
        },
      },
      {
        label: 'a token for another project (wrong audience)',
        make: async () => {
          const { email, claims } = await projectClaims({
            aud: 'demo-someone-else',
            iss: 'https://securetoken.google.com/demo-someone-else',
          });
          return { email, idToken: unsignedToken(claims) };
        },
      },
      {
        label: 'a token of an unverified email',
        make: async () => {
          const account = googleAccount({ email_verified: false });
          return { email: account.email, idToken: (await emulatorIdToken(emulator, account)).idToken };
        },
      },
      {
        label: 'a valid token for another email than the body’s',
        make: async () => {
          const { idToken } = await emulatorIdToken(emulator, googleAccount());
          return { email: uniqueEmail('victim'), idToken };
        },
      },
      { label: 'garbage', make: async () => ({ email: uniqueEmail('garbage'), idToken: 'not.a.jwt' }) },
    ];
    it('(control: the same hand-made claims, unexpired and for this project, pass on the emulator)', async () => {
      // The emulator's tokens carry no signature, so firebase-admin checks none in emulator mode:
      // the refusals below come from the claim checks. That is why the emulator is only accepted
      // for demo-* projects (config.test.ts), and why a real project verifies Google's signature.
      const { email, claims } = await projectClaims();
      const response = await socialLogin(new ApiClient(server.baseUrl), 'REST', {
        email,
        name: 'Control',
        idToken: unsignedToken(claims),
      });
      expect(response.status, response.text).toBe(200);
    });

    for (const path of ['REST', 'tRPC'] as const) {
      for (const { label, make } of cases) {
        it(`${label} (${path})`, async () => {
          const { email, idToken } = await make();
          const api = new ApiClient(server.baseUrl);
          const response = await socialLogin(api, path, {
            email,
            name: 'Mallory',
            ...(idToken ? { idToken } : {}),
          });
          if (path === 'REST') expectJsonError(response, 401);
          else expect(response.status, response.text).toBe(401);
          expect(api.cookie).toBeUndefined();
          expect(await server.app.services.repositories.users.findByEmail(email)).toBeUndefined();
        });
      }
    }

    it('an email that is verified nowhere cannot take over a password account', async () => {
      const victim = new ApiClient(server.baseUrl);
      const email = uniqueEmail('victim');
      await victim.signUpAndIn({ name: 'Victim', email, password: DEFAULT_PASSWORD });
      const attacker = googleAccount({ email, email_verified: false });
      const api = new ApiClient(server.baseUrl);
      const response = await socialLogin(api, 'REST', {
        email,
        name: 'Mallory',
        idToken: (await emulatorIdToken(emulator, attacker)).idToken,
      });
      expectJsonError(response, 401);
      expect(response.body.message).toMatch(/not verified/);
      const methods = await victim.get(`/api/user/${email}/sign-in-methods`);
      expect(methods.body.providers).toEqual([]);
    });
  });

  it('lets a Google-only account set a password, then unlink Google, never the last way', async () => {
    const account = googleAccount();
    const { idToken, uid } = await emulatorIdToken(emulator, account);
    const api = new ApiClient(server.baseUrl);
    await socialLogin(api, 'REST', { email: account.email, name: 'Solo', idToken });
    await api.refreshToken(account.email);
    const methods = () => api.get(`/api/user/${account.email}/sign-in-methods`);
    expect((await methods()).body).toMatchObject({
      hasPassword: false,
      providers: [{ provider: 'firebase' }],
    });

    const last = await api.delete(`/api/user/${account.email}/sign-in-methods/firebase`);
    expectJsonError(last, 409);
    expect(last.body.message).toMatch(/only way to sign in/);
    expect(await emulatorHasUser(emulator, uid)).toBe(true);

    // No current password exists to confirm: the signed-in caller sets the first one.
    const setPassword = await api.put(`/api/user/${account.email}`, {
      name: 'Solo',
      password: 'brand-new-pass',
    });
    expect(setPassword.status, setPassword.text).toBe(200);
    // A new password revokes every access token issued before it (decision 080); this device's
    // session stays, and fetches a new one.
    await api.refreshToken(account.email);
    // From now on a change needs it, as for any password account.
    const change = await api.put(`/api/user/${account.email}`, { name: 'Solo', password: 'another-pass-1' });
    expectJsonError(change, 400);

    const unlink = await api.delete(`/api/user/${account.email}/sign-in-methods/firebase`);
    expect(unlink.status, unlink.text).toBe(200);
    expect((await methods()).body).toEqual({ hasPassword: true, providers: [] });
    expect(await emulatorHasUser(emulator, uid)).toBe(false);
    const again = await api.delete(`/api/user/${account.email}/sign-in-methods/firebase`);
    expectJsonError(again, 404);
    const login = await new ApiClient(server.baseUrl).post('/api/auth/login', {
      email: account.email,
      password: 'brand-new-pass',
    });
    expect(login.status, login.text).toBe(200);
  });

  // Firebase answers with an error (an outage, revoked credentials): the change still succeeds here,
  // and the operator is told what is left there, on a line that carries the request's id.
  const firebaseCleanUps: [string, (api: ApiClient, email: string) => Promise<ApiResponse>][] = [
    ['unlinking Google', (api, email) => api.delete(`/api/user/${email}/sign-in-methods/firebase`)],
    [
      'deleting the account',
      (api, email) => api.delete(`/api/user/${email}/account`, { password: 'brand-new-pass' }),
    ],
  ];
  it.each(firebaseCleanUps)(
    "says what is left at Firebase after %s, with the request's id",
    async (_action, act) => {
      const account = googleAccount();
      const { idToken, uid } = await emulatorIdToken(emulator, account);
      const api = new ApiClient(server.baseUrl);
      await socialLogin(api, 'REST', { email: account.email, name: 'Gone', idToken });
      await api.refreshToken(account.email);
      // Google may be unlinked only when another way to sign in is left.
      await api.put(`/api/user/${account.email}`, { name: 'Gone', password: 'brand-new-pass' });
      await api.refreshToken(account.email);
      const refused = vi
        .spyOn(FirebaseIdTokenVerifier.prototype, 'deleteUser')
        .mockRejectedValueOnce(new Error('Firebase is unreachable'));
      logLines.length = 0;
      const answer = await act(api, account.email);
      refused.mockRestore();
      expect(answer.status, answer.text).toBe(200);
      expect(await emulatorHasUser(emulator, uid)).toBe(true);
      const warning = logLines
        .map((line) => JSON.parse(line) as { msg?: string; reqId?: string; level?: number })
        .find((line) => line.msg?.startsWith('Could not delete Firebase user'));
      expect(warning).toMatchObject({ level: 40, reqId: answer.headers.get('x-request-id') });
      expect(warning?.msg).toContain(uid);
    },
  );

  it('signs out, and deletes the account with its link and its Firebase user', async () => {
    const account = googleAccount();
    const { idToken, uid } = await emulatorIdToken(emulator, account);
    const api = new ApiClient(server.baseUrl);
    const signedIn = await socialLogin(api, 'REST', { email: account.email, name: 'Leaving', idToken });
    const userId = (signedIn.body as { user: { id: string } }).user.id;
    const cookie = api.cookie;
    expect((await api.post('/api/auth/logout')).status).toBe(200);
    expectJsonError(
      await api.post('/jwt', { email: account.email }, { headers: { cookie: cookie ?? '' } }),
      401,
    );

    await socialLogin(api, 'REST', {
      email: account.email,
      name: 'Leaving',
      idToken: (await emulatorIdToken(emulator, account)).idToken,
    });
    await api.refreshToken(account.email);
    const deleted = await api.delete(`/api/user/${account.email}/account`);
    expect(deleted.status, deleted.text).toBe(200);
    expect(await emulatorHasUser(emulator, uid)).toBe(false);
    expect(await server.app.services.social.identities.listForUser(userId)).toEqual([]);
    expect(await server.app.services.repositories.users.findById(userId)).toBeUndefined();
  });

  it('refuses a bad push token after a valid sign-in with 400, and opens no session', async () => {
    const account = googleAccount();
    const api = new ApiClient(server.baseUrl);
    const response = await socialLogin(api, 'REST', {
      email: account.email,
      name: 'Pushy',
      tokenForNotification: '{"endpoint":',
      idToken: (await emulatorIdToken(emulator, account)).idToken,
    });
    expectJsonError(response, 400);
    expect(api.cookie).toBeUndefined();
  });
  it('counts refused tokens against the per-IP sign-in limit, shared with password sign-in', async () => {
    const limited = await startTestServer({
      env: {
        FIREBASE_PROJECT_ID: emulator.projectId,
        FIREBASE_API_KEY: EMULATOR_API_KEY,
        FIREBASE_AUTH_EMULATOR_HOST: emulator.host,
        LOGIN_MAX_FAILURES_PER_IP: '3',
      },
    });
    try {
      const account = googleAccount();
      const forged = unsignedToken({ ...account, aud: 'demo-other', iss: 'https://evil.invalid' });
      for (let i = 0; i < 3; i += 1) {
        const refused = await socialLogin(new ApiClient(limited.baseUrl), 'REST', {
          email: account.email,
          name: 'Forger',
          idToken: forged,
        });
        expectJsonError(refused, 401);
      }
      // Now even a valid token is turned away before it is verified, and no session is opened.
      const api = new ApiClient(limited.baseUrl);
      const valid = await socialLogin(api, 'tRPC', {
        email: account.email,
        name: 'Grace',
        idToken: (await emulatorIdToken(emulator, account)).idToken,
      });
      expect(valid.status, valid.text).toBe(429);
      expect(api.cookie).toBeUndefined();
      // The same IP counter guards password sign-in.
      const password = await new ApiClient(limited.baseUrl).post('/api/auth/login', {
        email: uniqueEmail('nobody'),
        password: DEFAULT_PASSWORD,
      });
      expectJsonError(password, 429);
    } finally {
      await limited.close();
    }
  });
});

describe(`no provider configured (${TEST_ENGINE})`, () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server.close());

  it('offers no third-party sign-in, keeps the strict CSP, and refuses social-login', async () => {
    const api = new ApiClient(server.baseUrl);
    const providers = await api.get('/api/auth/providers');
    expect(providers.body).toEqual({ firebase: null, oidc: null });
    const page = await fetch(`${server.baseUrl}/`);
    expect(page.headers.get('content-security-policy')).toMatch(/script-src 'self' 'wasm-unsafe-eval';/);
    expect(page.headers.get('content-security-policy')).not.toMatch(/google|frame-src/);
    expect(page.headers.get('cross-origin-opener-policy')).toBe('same-origin');
    const refused = await api.post('/api/user/social-login', {
      email: uniqueEmail(),
      name: 'X',
      idToken: 'a.b.c',
    });
    expectJsonError(refused, 401);
    expect((await api.get('/api/auth/oidc/start')).status).toBe(404);
  });
});

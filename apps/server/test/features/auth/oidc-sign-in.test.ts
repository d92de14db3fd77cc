import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient } from '../../support/api-client';
import { DEFAULT_PASSWORD, uniqueEmail } from '../../support/scenario';
import { FormBrowser } from '../../support/social/form-browser';
import { freePort } from '../../support/free-port';
import { type OidcTestProvider, startOidcTestProvider } from '../../support/social/oidc-test-provider';
import { TEST_ENGINE } from '../../support/test-database';
import { type TestServer, startTestServer } from '../../support/test-server';

describe(`self-hosted sign-in with an OpenID Connect provider (${TEST_ENGINE})`, () => {
  let provider: OidcTestProvider;
  let server: TestServer;
  let providerPort: number;

  beforeAll(async () => {
    providerPort = await freePort();
    const issuer = `http://127.0.0.1:${providerPort}`;
    // The server starts first (the provider must know the callback's port); discovery is lazy.
    server = await startTestServer({
      env: {
        OIDC_ISSUER: issuer,
        OIDC_CLIENT_ID: 'medicine-reminder',
        OIDC_CLIENT_SECRET: 'test-client-secret-of-this-run',
        OIDC_PROVIDER_NAME: 'Home SSO',
      },
    });
    provider = await startOidcTestProvider({
      port: providerPort,
      redirectUris: [`${server.baseUrl}/api/auth/oidc/callback`],
      clientSecret: 'test-client-secret-of-this-run',
    });
  });
  afterAll(async () => {
    await server?.close();
    await provider?.stop();
  });

  const start = (redirect = '/medication') =>
    `${server.baseUrl}/api/auth/oidc/start?redirect=${encodeURIComponent(redirect)}`;
  const sessionOf = async (browser: FormBrowser) => {
    const cookie = browser.cookie(server.baseUrl, 'mr_session');
    if (!cookie) return null;
    const api = new ApiClient(server.baseUrl);
    api.cookie = `mr_session=${cookie}`;
    return (await api.get('/api/auth/session')).body.user as {
      id: string;
      email: string;
      name: string;
      emailVerified: boolean;
    } | null;
  };

  it('names the provider on the button and starts at the server', async () => {
    const response = await new ApiClient(server.baseUrl).get('/api/auth/providers');
    expect(response.body).toEqual({
      firebase: null,
      oidc: { label: 'Home SSO', startUrl: '/api/auth/oidc/start' },
    });
  });

  it('sends the browser to the provider with PKCE (S256), state and nonce', async () => {
    const browser = new FormBrowser();
    const response = await browser.request(start());
    expect(response.status).toBe(303);
    const url = new URL(response.headers.get('location') ?? '');
    expect(url.origin).toBe(provider.issuer);
    expect(url.searchParams.get('code_challenge_method')).toBe('S256');
    expect(url.searchParams.get('code_challenge')).toMatch(/^[\w-]{43}$/);
    expect(url.searchParams.get('state')).toMatch(/^[\w-]{20,}$/);
    expect(url.searchParams.get('nonce')).toMatch(/^[\w-]{20,}$/);
    expect(url.searchParams.get('redirect_uri')).toBe(`${server.baseUrl}/api/auth/oidc/callback`);
    expect(url.searchParams.get('scope')).toBe('openid email profile');
    const cookie = response.headers.getSetCookie().find((c) => c.startsWith('mr_oidc='));
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
    expect(cookie).toMatch(/Path=\/api\/auth\/oidc\/callback/i);
  });

  it('creates the account and opens a session, then lands on the page asked for', async () => {
    const browser = new FormBrowser();
    const email = uniqueEmail('sso');
    const end = await browser.signIn(start(), email, server.baseUrl);
    expect(end).toEqual({ status: 303, location: `${server.baseUrl}/medication` });
    const user = await sessionOf(browser);
    expect(user).toMatchObject({ email, name: `Oidc ${email.split('@')[0]}` });
    // The same session as a password sign-in: it proves the identity to /jwt.
    const api = new ApiClient(server.baseUrl);
    api.cookie = `mr_session=${browser.cookie(server.baseUrl, 'mr_session')}`;
    expect((await api.post('/jwt', { email })).status).toBe(200);
    // Signing in again finds the same account.
    const again = new FormBrowser();
    await again.signIn(start('/'), email, server.baseUrl);
    expect((await sessionOf(again))?.id).toBe(user?.id);
  });

  it('starts a new account in the language of the browser it signed in with (issue 54)', async () => {
    const settingsOf = async (browser: FormBrowser, email: string) => {
      const api = new ApiClient(server.baseUrl);
      api.cookie = `mr_session=${browser.cookie(server.baseUrl, 'mr_session')}`;
      await api.refreshToken(email);
      return (await api.get(`/api/user/${email}/settings`)).body.settings as { locale: string | null };
    };
    const german = new FormBrowser('de-AT,de;q=0.9,en;q=0.5');
    const email = uniqueEmail('sso-de');
    await german.signIn(start(), email, server.baseUrl);
    expect((await settingsOf(german, email)).locale).toBe('de');
    // The account keeps it when it signs in again from a browser in another language.
    const turkish = new FormBrowser('tr');
    await turkish.signIn(start(), email, server.baseUrl);
    expect((await settingsOf(turkish, email)).locale).toBe('de');
  });

  it('links a password account whose owner verified the address, and says so once', async () => {
    const email = uniqueEmail('sso-linked');
    const owner = new ApiClient(server.baseUrl);
    const registered = await owner.signUpAndIn({ name: 'Owner', email, password: DEFAULT_PASSWORD });
    await server.app.services.repositories.users.markVerified(registered.id, email, server.clock.now());
    const first = new FormBrowser();
    expect((await first.signIn(start('/settings?tab=profile'), email, server.baseUrl)).location).toBe(
      `${server.baseUrl}/settings?tab=profile&signin=linked`,
    );
    expect((await sessionOf(first))?.id).toBe(registered.id);
    const second = new FormBrowser();
    expect((await second.signIn(start('/'), email, server.baseUrl)).location).toBe(`${server.baseUrl}/`);
    const methods = await owner.get(`/api/user/${email}/sign-in-methods`);
    expect(methods.body).toMatchObject({
      hasPassword: true,
      providers: [{ provider: 'oidc', label: 'Home SSO' }],
    });
  });

  it('secures a password account that never verified the address: password and sessions gone (decision 219)', async () => {
    const email = uniqueEmail('sso-squatted');
    const squatter = new ApiClient(server.baseUrl);
    const registered = await squatter.signUpAndIn({ name: 'Squatter', email, password: DEFAULT_PASSWORD });
    const owner = new FormBrowser();
    expect((await owner.signIn(start('/'), email, server.baseUrl)).location).toBe(
      `${server.baseUrl}/?signin=secured`,
    );
    expect(await sessionOf(owner)).toMatchObject({ id: registered.id, email, emailVerified: true });
    expect((await squatter.get('/api/auth/session')).body.user).toBeNull();
    expect((await squatter.get(`/api/user/${email}/settings`)).status).toBe(401);
    const login = await new ApiClient(server.baseUrl).post('/api/auth/login', {
      email,
      password: DEFAULT_PASSWORD,
    });
    expect(login.status).toBe(401);
    // Said once: the next sign-in is an ordinary one.
    expect((await new FormBrowser().signIn(start('/'), email, server.baseUrl)).location).toBe(
      `${server.baseUrl}/`,
    );
  });

  it('refuses an unverified email at the provider, and opens nothing', async () => {
    const browser = new FormBrowser();
    const email = `unverified-${uniqueEmail('sso')}`;
    const end = await browser.signIn(start(), email, server.baseUrl);
    const landed = new URL(end.location);
    expect(landed.pathname).toBe('/login');
    expect(landed.searchParams.get('signin_error')).toMatch(/not verified/);
    expect(browser.cookie(server.baseUrl, 'mr_session')).toBeUndefined();
    expect(await server.app.services.repositories.users.findByEmail(email)).toBeUndefined();
  });

  it('refuses a callback without the browser’s transaction, or with another state', async () => {
    // The attacker's own code, replayed in the victim's browser (login CSRF), has no transaction.
    const attacker = new FormBrowser();
    const attackerStart = await attacker.request(start());
    const providerUrl = attackerStart.headers.get('location') ?? '';
    const victim = new FormBrowser();
    const withoutTransaction = await victim.request(
      `${server.baseUrl}/api/auth/oidc/callback?code=abc&state=xyz`,
    );
    expect(withoutTransaction.status).toBe(303);
    expect(
      new URL(withoutTransaction.headers.get('location') ?? '', server.baseUrl).searchParams.get(
        'signin_error',
      ),
    ).toMatch(/expired or was started elsewhere/);
    // A transaction of this browser, but the provider's answer carries another state.
    await victim.request(start());
    const tampered = await victim.request(
      `${server.baseUrl}/api/auth/oidc/callback?code=abc&state=not-the-one`,
    );
    expect(
      new URL(tampered.headers.get('location') ?? '', server.baseUrl).searchParams.get('signin_error'),
    ).toMatch(/did not complete/);
    expect(victim.cookie(server.baseUrl, 'mr_session')).toBeUndefined();
    expect(providerUrl).toContain(provider.issuer);
  });

  it('never redirects off the site after sign-in', async () => {
    for (const redirect of ['//evil.example/x', 'https://evil.example/', '/\\evil.example']) {
      const browser = new FormBrowser();
      const end = await browser.signIn(start(redirect), uniqueEmail('sso-redirect'), server.baseUrl);
      expect(end.location).toBe(`${server.baseUrl}/`);
    }
  });
});

import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from './support/fixtures';
import { confirm, expectToast } from './support/journey';
import { linkIn, mailTo } from './support/mailbox';
import { DESKTOP, captureScreen } from './support/screens';
import { socialSetup } from './support/social/social-setup';

// Against the second server, which has Google (Firebase on the Auth emulator) and an OIDC provider.
const social = socialSetup();
test.use({ baseURL: social.baseURL, serviceWorkers: 'block' });
test.describe.configure({ mode: 'serial' });

const GAPI_SHIM = readFileSync(new URL('./support/social/gapi-iframes-shim.js', import.meta.url), 'utf8');

/**
 * Offline, Google's gapi loader is replaced by a postMessage shim (see the file), and the CDN
 * styles of the emulator's account chooser are refused. Everything else is the real thing.
 */
async function offlineGoogle(page: Page) {
  await page
    .context()
    .route(/^https:\/\/apis\.google\.com\/js\/api\.js/, (route) =>
      route.fulfill({ contentType: 'text/javascript', body: GAPI_SHIM }),
    );
  await page.context().route(/^https:\/\/(unpkg\.com|fonts\.googleapis\.com)\//, (route) => route.abort());
}

/** The emulator's account chooser, as a person uses it: add an account, then sign in. */
async function chooseNewGoogleAccount(page: Page, email: string, name: string) {
  const popupOpened = page.waitForEvent('popup');
  await page.getByRole('button', { name: 'Login with Google' }).click();
  const popup = await popupOpened;
  await popup.getByText('Add new account').click();
  await popup.locator('#email-input').fill(email);
  await popup.locator('#display-name-input').fill(name);
  await popup.locator('#sign-in').click();
  await popup.waitForEvent('close');
}

const firebaseChunk = (url: string) => /\/assets\/firebase-google-[\w-]+\.js$/.test(url);

test('Google through Firebase: popup, account chooser, session; set a password, unlink', async ({ page }) => {
  await page.setViewportSize(DESKTOP);
  await offlineGoogle(page);
  const loaded: string[] = [];
  page.on('request', (request) => loaded.push(request.url()));
  const email = `grace-${Date.now()}@example.com`;

  await test.step('the login screen offers both providers, and has not loaded Firebase', async () => {
    await page.goto('/login?redirect=%2Fmedication');
    await expect(page.getByRole('button', { name: 'Login with Google' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Login with Home SSO' })).toBeVisible();
    await captureScreen(page, 'login-with-providers');
    expect(loaded.filter(firebaseChunk)).toEqual([]);
  });

  await test.step('the emulator’s Google popup signs in, and the app opens its own session', async () => {
    await chooseNewGoogleAccount(page, email, 'Grace Hopper');
    expect(loaded.filter(firebaseChunk)).toHaveLength(1); // loaded on the press, not before
    await expectToast(page, 'Welcome! You are signed in with Google.');
    await expect(page).toHaveURL(/\/medication$/);
    const cookies = await page.context().cookies(social.baseURL);
    expect(cookies.find((c) => c.name === 'mr_session')?.httpOnly).toBe(true);
    // Nothing of Firebase's sign-in is kept in the browser: the server's session is the sign-in.
    const firebaseKeys = await page.evaluate(() =>
      [...Object.keys(sessionStorage), ...Object.keys(localStorage)].filter((k) =>
        k.startsWith('firebase:authUser'),
      ),
    );
    expect(firebaseKeys).toEqual([]);
  });

  await test.step('Settings, Profile: Google is the only way in until a password is set', async () => {
    await page.goto('/settings');
    const methods = page.getByRole('region', { name: 'Sign-in methods' });
    await expect(methods).toContainText('Email and password: not set');
    await expect(methods).toContainText(`Google (${email})`);
    await expect(methods.getByRole('button', { name: 'Unlink Google' })).toBeDisabled();
    await captureScreen(page, 'settings-sign-in-methods-google-only');
    await methods.getByLabel('New password', { exact: true }).fill('brand-new-pass');
    await methods.getByLabel('Confirm new password').fill('brand-new-pass');
    await methods.getByRole('button', { name: 'Set password' }).click();
    await expectToast(page, 'Password set.');
    await expect(methods).toContainText('Email and password: set');
    await methods.getByRole('button', { name: 'Unlink Google' }).click();
    await confirm(page, 'You will no longer be able to sign in with Google.', 'Unlink');
    await expectToast(page, 'Google is unlinked from your account.');
    await expect(methods).toHaveCount(0); // password only: nothing left to manage here
  });

  await test.step('sign out, then the new password signs in', async () => {
    await page.getByRole('button', { name: /Account menu/ }).click();
    await page.getByRole('menuitem', { name: 'Logout' }).click();
    await expectToast(page, 'You have been logged out successfully.');
    await expect(page.getByRole('heading', { name: 'Login' })).toBeVisible();
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill('brand-new-pass');
    await page.getByRole('button', { name: 'Login', exact: true }).click();
    await expectToast(page, 'Welcome back! You have been logged in successfully.');
  });
});

/** A password account on the social server, registered as a person (or someone else) would. */
async function registerPasswordAccount(request: APIRequestContext, email: string): Promise<void> {
  const registered = await request.post('/api/user/register', {
    data: { name: 'Ada Lovelace', email, password: 'correct-horse-1' },
  });
  expect(registered.status()).toBe(201);
}

test('Google links a password account whose owner verified the address, and says so once', async ({
  page,
  request,
}) => {
  await offlineGoogle(page);
  const email = `ada-${Date.now()}@example.com`;
  await registerPasswordAccount(request, email);
  // The owner opens the link the social server mailed (written to its DATA_DIR/mail/).
  const mail = await mailTo('email-verification', email, join(process.env.E2E_SOCIAL_DATA_DIR!, 'mail'));
  const token = new URLSearchParams(linkIn(mail, '/verify-email').split('?')[1]).get('token');
  expect((await request.post('/api/auth/email-verification/confirm', { data: { token } })).status()).toBe(
    200,
  );
  await page.goto('/login');
  await chooseNewGoogleAccount(page, email, 'Ada L');
  // Both toasts arrive together and auto-close after 3 s: read them while both are up (closing one
  // by click first let the other's timer run out under load, and the click met it leaving).
  const toast = (text: string) => page.locator('.Toastify__toast').filter({ hasText: text }).first();
  await expect(toast('Your Google sign-in is now linked to your existing account')).toBeVisible();
  await expect(toast('Welcome! You are signed in with Google.')).toBeVisible();
  await page.goto('/settings');
  await expect(page.getByRole('region', { name: 'Sign-in methods' })).toContainText(
    'Email and password: set',
  );
});

test('Google takes an unverified password account from whoever registered the address first', async ({
  page,
  playwright,
}) => {
  await offlineGoogle(page);
  const email = `ada-squatted-${Date.now()}@example.com`;
  // Someone else registered the address first and is signed in elsewhere.
  const squatter = await playwright.request.newContext({ baseURL: social.baseURL });
  await registerPasswordAccount(squatter, email);
  const login = { data: { email, password: 'correct-horse-1' } };
  expect((await squatter.post('/api/auth/login', login)).status()).toBe(200);

  await page.goto('/login');
  await chooseNewGoogleAccount(page, email, 'Ada L');
  const toast = page.locator('.Toastify__toast').filter({ hasText: 'That address had never been verified' });
  await expect(toast).toContainText(
    'Your Google sign-in opened the account registered with this email. That address had never been verified, so to lock out whoever registered it we removed its password',
  );
  await captureScreen(page, 'google-secured-unverified-account');
  await page.goto('/settings');
  const methods = page.getByRole('region', { name: 'Sign-in methods' });
  await expect(methods).toContainText('Email and password: not set');
  await expect(methods).toContainText(`Google (${email})`);

  // The one who registered it is signed out, and the password no longer signs in.
  const session = (await (await squatter.get('/api/auth/session')).json()) as { user: unknown };
  expect(session.user).toBeNull();
  expect((await squatter.post('/api/auth/login', login)).status()).toBe(401);
  await squatter.dispose();
});

/**
 * oidc-provider's development pages: login (any password), then consent. They are not ours, and
 * offline their web fonts and favicon fail to load: what is reported while the browser is at the
 * provider is dropped, and checking resumes once it is back on the app.
 */
async function signInAtProvider(page: Page, consoleErrors: string[], login: string) {
  const before = consoleErrors.length;
  await page.getByRole('link', { name: 'Login with Home SSO' }).click();
  await expect(page).toHaveURL(new RegExp(`^${social.oidcIssuer}/interaction/`));
  await page.locator('input[name="login"]').fill(login);
  await page.locator('input[name="password"]').fill('any password');
  await page.getByRole('button', { name: 'Sign-in' }).click();
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page).toHaveURL(new RegExp(`^${social.baseURL}/`));
  const atProvider = consoleErrors.splice(before);
  expect(
    atProvider.every(
      (e) => e.startsWith('console: Failed to load resource') || e.includes(social.oidcIssuer),
    ),
  ).toBe(true);
}

test('Self-hosted OpenID Connect: provider login and consent, back signed in', async ({
  page,
  consoleErrors,
}) => {
  const email = `sso-${Date.now()}@example.com`;
  await page.goto('/login?redirect=%2Freports');
  await signInAtProvider(page, consoleErrors, email);
  await expect(page).toHaveURL(/\/reports$/);
  await expect(page.getByRole('heading', { name: /Reports/ })).toBeVisible();
  await page.goto('/settings');
  await expect(page.getByRole('region', { name: 'Sign-in methods' })).toContainText(`Home SSO (${email})`);
  await captureScreen(page, 'settings-sign-in-methods-oidc');
});

test('OpenID Connect with an unverified email is refused with a clear message', async ({
  page,
  consoleErrors,
}) => {
  await page.goto('/login');
  await signInAtProvider(page, consoleErrors, `unverified-${Date.now()}@example.com`);
  await expect(page).toHaveURL(/\/login$/); // the message is shown once, then leaves the address
  await expectToast(page, 'Your email address at Home SSO is not verified.');
  await captureScreen(page, 'login-oidc-refused');
});

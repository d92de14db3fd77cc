import { type Page } from '@playwright/test';
import { createAccount, logIn } from './support/accounts';
import { translated } from './support/catalog';
import { expect, test } from './support/fixtures';
import { atTenUtc } from './support/journey';
import { captureScreen } from './support/screens';

// Issue 54, decision 361. No service worker: it answers pages with the shell, and the first test is
// about the page the server sends.
test.use({ serviceWorkers: 'block' });
test.beforeEach(async ({ page }) => atTenUtc(page));

const html = (page: Page) =>
  page.evaluate(() => ({ lang: document.documentElement.lang, dir: document.documentElement.dir }));

test.describe('a visitor whose browser speaks Spanish', () => {
  test.use({ locale: 'es-ES' });

  test('gets the login page in Spanish from the server, and can switch to Arabic in place', async ({
    page,
  }) => {
    await page.goto('/');
    // The server sent the page already in Spanish (Accept-Language), and the app took it over.
    const login = translated('es', 'Login');
    await expect(page.getByRole('heading', { name: login })).toBeVisible();
    await expect(page.locator('#root')).toHaveAttribute('data-locale', 'es');
    await expect(page).toHaveTitle(`${login} - Medicine Reminder`);
    await expect.poll(() => html(page)).toEqual({ lang: 'es', dir: 'ltr' });
    await expect(page.getByRole('button', { name: login, exact: true })).toBeEnabled();
    await expect(page.getByText(translated('es', 'Forgot password?'))).toBeVisible();

    // Switched without a reload, and laid out right to left.
    await page.getByLabel(translated('es', 'Language')).selectOption('ar');
    await expect(page.getByRole('heading', { name: translated('ar', 'Login') })).toBeVisible();
    await expect.poll(() => html(page)).toEqual({ lang: 'ar', dir: 'rtl' });
    await captureScreen(page, 'language-login-ar');

    // Remembered on this device: the server sends the Arabic page from now on.
    await page.reload();
    await expect(page.locator('#root')).toHaveAttribute('data-locale', 'ar');
    await expect(page.getByRole('heading', { name: translated('ar', 'Login') })).toBeVisible();
  });

  test('registers an account in Spanish, which keeps that language', async ({ page, request }) => {
    await page.goto('/register');
    const email = `lengua-${Date.now()}@example.com`;
    await page.getByLabel(translated('es', 'Name')).fill('Ana García');
    await page.getByLabel(translated('es', 'Email')).fill(email);
    await page.getByLabel(translated('es', 'Password')).fill('correct-horse-1');
    await page.getByRole('button', { name: translated('es', 'Register'), exact: true }).click();
    await expect(page.getByRole('alertdialog')).toContainText(translated('es', 'Registration Successful!'));
    // The account's language is the one it registered in (its settings, read through the API).
    const session = await request.post('/api/auth/login', { data: { email, password: 'correct-horse-1' } });
    expect(session.status()).toBe(200);
    const token = ((await (await request.post('/jwt', { data: { email } })).json()) as { token: string })
      .token;
    const settings = await request.get(`/api/user/${encodeURIComponent(email)}/settings`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(((await settings.json()) as { settings: { locale: string } }).settings.locale).toBe('es');
  });
});

test('the language chosen in Settings is the account’s: applied at once, kept at the next start', async ({
  page,
  request,
}) => {
  const account = await createAccount(request);
  await logIn(page, account);
  await page.goto('/settings');
  await expect(page.getByRole('heading', { name: 'Language and time format' })).toBeVisible();

  await page.getByLabel('Language', { exact: true }).selectOption('ar');
  await expect(
    page.getByRole('heading', { name: translated('ar', 'Language and time format') }),
  ).toBeVisible();
  await expect.poll(() => html(page)).toEqual({ lang: 'ar', dir: 'rtl' });
  await captureScreen(page, 'language-settings-ar');
  await page.goto('/');
  await expect(page.getByRole('heading', { name: translated('ar', "Today's doses") })).toBeVisible();
  await captureScreen(page, 'language-dashboard-ar');

  // German, on a 24-hour clock, after a reload: the account's setting, not only this page's.
  await page.goto('/settings');
  await page.getByLabel(translated('ar', 'Language'), { exact: true }).selectOption('de');
  await page
    .getByRole('combobox', { name: translated('de', 'Time format'), exact: true })
    .selectOption('24h');
  await page.reload();
  await expect(
    page.getByRole('heading', { name: translated('de', 'Language and time format') }),
  ).toBeVisible();
  await expect.poll(() => html(page)).toEqual({ lang: 'de', dir: 'ltr' });
  await captureScreen(page, 'language-settings-de');

  // Back to the device's own language (the browser's: English here).
  await page.getByLabel(translated('de', 'Language'), { exact: true }).selectOption('');
  await expect(page.getByRole('heading', { name: 'Language and time format' })).toBeVisible();
  await expect.poll(() => html(page)).toEqual({ lang: 'en', dir: 'ltr' });
});

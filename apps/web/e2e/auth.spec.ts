import type { Page } from '@playwright/test';
import { createAccount, logIn } from './support/accounts';
import { expect, test } from './support/fixtures';
import { atTenUtc, expectToast } from './support/journey';
import { captureScreen } from './support/screens';

// No service worker here: its prompts would cover the screens (shell.spec.ts covers it).
test.use({ serviceWorkers: 'block' });
test.beforeEach(async ({ page }) => atTenUtc(page));

test('register through the form; the success dialog sends the new user to login', async ({ page }) => {
  await page.goto('/register');
  await expect(page).toHaveTitle('Register - Medicine Reminder');
  await captureScreen(page, 'register');
  await page.getByLabel('Name').fill('Ada Lovelace');
  await page.getByLabel('Email').fill(`ada-${Date.now()}@example.com`);
  await page.getByLabel('Password').fill('correct-horse-1');
  await page.getByRole('button', { name: 'Register', exact: true }).click();
  await expect(page.getByRole('alertdialog')).toContainText('Registration Successful!');
  await expect(page.getByRole('alertdialog')).toContainText(
    'Your account has been created successfully. Please log in.',
  );
  await expect(page).toHaveURL(/\/login$/); // the dialog closes itself after 2 s
});

test('a signed-out start asks who is signed in once, while its script loads (decision 056)', async ({
  page,
}) => {
  const sessionCalls: string[] = [];
  let askedNow: () => void = () => undefined;
  const asked = new Promise<void>((resolve) => (askedNow = resolve));
  page.on('request', (r) => {
    if (new URL(r.url()).pathname === '/trpc/auth.session') {
      sessionCalls.push(r.method());
      askedNow();
    }
  });
  // The entry script is held until the question has left: only index.html's preload can ask it
  // then (5 s at most, so that a missing preload fails below instead of hanging).
  let askedBeforeScript = false;
  await page.route(/\/assets\/index-[^/]*\.js$/, async (route) => {
    askedBeforeScript = await Promise.race([
      asked.then(() => true),
      new Promise<boolean>((resolve) => setTimeout(() => resolve(false), 5_000)),
    ]);
    await route.continue();
  });
  await page.goto('/');
  // Enabled, not just visible: the form is painted from the HTML (decision 058) before the entry
  // script is even asked for; enabled means the app has run.
  await expect(page.getByRole('button', { name: 'Login', exact: true })).toBeEnabled();
  expect(askedBeforeScript).toBe(true);
  // The script read the preloaded answer: no second request.
  expect(sessionCalls).toEqual(['GET']);
});

test('the route guard remembers the page and login returns there', async ({ page, request }) => {
  const account = await createAccount(request);
  const providers = page.waitForResponse((r) => r.url().includes('social.providers'));
  await page.goto('/reports');
  await expect(page).toHaveURL(/\/login\?redirect=%2Freports/);
  await expect(page).toHaveTitle('Login - Medicine Reminder');
  await captureScreen(page, 'login');
  // This server configures no third-party sign-in: no dead button (social-sign-in.spec.ts has them).
  expect(await (await providers).text()).toContain('"firebase":null,"oidc":null');
  await expect(page.getByText(/Login with/)).toHaveCount(0);
  await page.getByLabel('Email').fill(account.email);
  await page.getByLabel('Password').fill(account.password);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await expectToast(page, 'Welcome back! You have been logged in successfully.');
  await expect(page).toHaveURL(/\/reports$/);
});

test('logout, then sign back in', async ({ page, request }) => {
  const account = await createAccount(request);
  await logIn(page, account);
  await page.getByRole('button', { name: /Account menu/ }).click();
  await page.getByRole('menuitem', { name: 'Logout' }).click();
  await expectToast(page, 'You have been logged out successfully.');
  await expect(page.getByRole('heading', { name: 'Login' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Login', exact: true })).toBeVisible();
  await page.getByLabel('Email').fill(account.email);
  await page.getByLabel('Password').fill(account.password);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await expectToast(page, 'Welcome back! You have been logged in successfully.');
});

/** The accounts whose answers this device keeps for offline use (IndexedDB), and the one a start opens. */
async function savedOnDevice(page: Page): Promise<{ account: string | null; saved: string[] }> {
  return page.evaluate(async () => {
    const db = await new Promise<IDBDatabase>((resolve, reject) => {
      const open = indexedDB.open('medrem-offline');
      open.onsuccess = () => resolve(open.result);
      open.onerror = () => reject(open.error ?? new Error('IndexedDB would not open'));
    });
    const keys = await new Promise<IDBValidKey[]>((resolve, reject) => {
      const request = db.transaction('queries').objectStore('queries').getAllKeys();
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => reject(request.error ?? new Error('IndexedDB would not read'));
    });
    db.close();
    return { account: localStorage.getItem('offline-account'), saved: keys.map(String) };
  });
}

test('a sign-out leaves nothing of the account on the device, and a start right after asks for none of it', async ({
  page,
  request,
}) => {
  const account = await createAccount(request);
  await logIn(page, account);
  await expect(page.getByRole('heading', { name: /Good (Morning|Afternoon|Evening|Night)/ })).toBeVisible();
  await expect.poll(async () => (await savedOnDevice(page)).saved.length).toBe(1);

  await page.getByRole('button', { name: /Account menu/ }).click();
  await page.getByRole('menuitem', { name: 'Logout' }).click();
  await expectToast(page, 'You have been logged out successfully.');
  expect(await savedOnDevice(page)).toEqual({ account: null, saved: [] });

  // A start at once (stop 65's rehearsal: the saved answers opened the app as the old account,
  // whose calls were refused). Only the signed-out screen's questions go out; the fixture fails
  // the test on any refused call.
  const calls: string[] = [];
  page.on('request', (r) => {
    const path = new URL(r.url()).pathname;
    if (path.startsWith('/trpc/')) calls.push(path.slice('/trpc/'.length));
  });
  await page.goto('/login');
  await expect(page.getByRole('button', { name: 'Login', exact: true })).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(
    calls.every((call) => call === 'auth.session' || call === 'social.providers'),
    calls.join(),
  ).toBe(true);
});

test('delete the account from settings, with its password (decision 198)', async ({
  page,
  request,
  consoleErrors,
}) => {
  const account = await createAccount(request);
  await logIn(page, account);
  await page.goto('/settings?tab=privacy');
  await page.getByRole('button', { name: 'Delete Account' }).click();
  const form = page.getByRole('form', { name: 'Delete Account' });
  await expect(form).toContainText(
    'This action cannot be undone. All your data will be permanently deleted.',
  );
  const password = form.getByLabel('Your password, to confirm');
  await password.fill('not-my-password');
  await form.getByRole('button', { name: 'Yes, delete my account' }).click();
  await expect(form.getByRole('alert')).toHaveText('Your password is not correct.');
  // The refused password's 400 is expected; nothing else may fail.
  expect(consoleErrors.splice(0).filter((e) => !e.includes('400'))).toEqual([]);
  await captureScreen(page, 'delete-account-wrong-password');
  await password.fill(account.password);
  await form.getByRole('button', { name: 'Yes, delete my account' }).click();
  await expectToast(page, 'Account deleted successfully');
  await expect(page.getByRole('heading', { name: 'Login' })).toBeVisible();
  await expect(page).toHaveURL(/\/$/);
  // Gone for good: the password no longer proves anything.
  const again = await request.post('/jwt', { data: { email: account.email, password: account.password } });
  expect(again.status()).toBe(401);
});

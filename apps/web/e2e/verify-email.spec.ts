import type { Page } from '@playwright/test';
import { createAccount, logIn } from './support/accounts';
import { expect, test } from './support/fixtures';
import { linkIn, mailTo, mailsTo } from './support/mailbox';
import { OwnServer } from './support/own-server';
import { captureScreen } from './support/screens';

// No service worker: its prompts would cover the screens (shell.spec.ts covers it).
test.use({ serviceWorkers: 'block' });

const banner = (page: Page) => page.getByRole('complementary', { name: 'Verify your email address' });

/** Whether the session of this page's browser says its address is verified (and which address). */
async function sessionUser(page: Page): Promise<{ email: string; emailVerified: boolean }> {
  const response = await page.request.get('/api/auth/session');
  expect(response.status()).toBe(200);
  return ((await response.json()) as { user: { email: string; emailVerified: boolean } }).user;
}

/** Registers through the form, as a new person does. */
async function registerInForm(page: Page, email: string, password: string): Promise<void> {
  await page.goto('/register');
  await page.getByLabel('Name').fill('Ada Lovelace');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Register', exact: true }).click();
}

test('after registration a banner asks to verify; the mailed link verifies and the banner goes', async ({
  page,
  consoleErrors,
}) => {
  const account = { email: `ada-verify-${Date.now()}@example.com`, password: 'correct-horse-1' };
  await registerInForm(page, account.email, account.password);
  await expect(page.getByRole('alertdialog')).toContainText('Registration Successful!');
  await expect(page).toHaveURL(/\/login$/); // the dialog closes itself
  await logIn(page, { name: 'Ada Lovelace', ...account });

  // The account works at once; the banner (loaded on idle) asks to verify, at the page's end.
  await expect(banner(page)).toBeVisible();
  await expect(banner(page)).toContainText(`open the link we sent to ${account.email}`);
  expect(await sessionUser(page)).toMatchObject({ email: account.email, emailVerified: false });
  await captureScreen(page, 'verify-email-banner');

  const mail = await mailTo('email-verification', account.email);
  expect(mail.subject).toBe('Verify your address for Medicine Reminder');
  expect(mail.text).toContain(`Please confirm that ${account.email} is your address`);
  const link = linkIn(mail, '/verify-email');

  await page.goto(link);
  await expect(page).toHaveTitle('Verify email - Medicine Reminder');
  await expect(page.getByRole('heading', { name: 'Verify your email address' })).toBeVisible();
  // The screen's own status line (the device's reminder notice may be another).
  const said = page.getByRole('status').filter({ hasText: account.email });
  await expect(said).toHaveText(`Thank you: ${account.email} is verified.`);
  await captureScreen(page, 'verify-email-done');
  await page.getByRole('link', { name: 'Go to my schedule' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('button', { name: /Account menu/ })).toBeVisible();
  expect(await sessionUser(page)).toMatchObject({ email: account.email, emailVerified: true });
  // Reloaded, the banner stays away (the session says verified; nothing left in a cache).
  await page.reload();
  await expect(page.getByRole('button', { name: /Account menu/ })).toBeVisible();
  await page.waitForTimeout(1_500); // past the idle moment the banner would mount at
  await expect(banner(page)).toHaveCount(0);

  // Opened again, the used link says the address is verified already.
  await page.goto(link);
  await expect(said).toHaveText(`Your address ${account.email} is verified already.`);
  // The used link's refusal (400) is expected; nothing else may have gone wrong.
  expect(consoleErrors.splice(0).filter((e) => !e.includes('400'))).toEqual([]);
});

test('a cut verification link says so and offers a new one', async ({ page, consoleErrors }) => {
  await page.goto('/verify-email?token=not-a-real-token');
  await expect(page.getByRole('alert')).toContainText('This verification link was already used');
  await page.getByLabel('Your email address').fill('nobody-has-this@example.com');
  await page.getByRole('button', { name: 'Send me a new link' }).click();
  await expect(page.getByRole('status')).toContainText(
    'If nobody-has-this@example.com has an account still to verify, a new link is on its way.',
  );
  await captureScreen(page, 'verify-email-invalid');
  expect(consoleErrors.splice(0).filter((e) => !e.includes('400'))).toEqual([]);
});

test('Settings, change email: the new address confirms, the old one is told; then only the new one signs in', async ({
  page,
  browser,
  request,
  consoleErrors,
}) => {
  const account = await createAccount(request);
  const newEmail = `new-${account.email}`;
  await logIn(page, account);
  await page.goto('/settings');
  const profile = page.getByRole('main');
  await profile.getByRole('button', { name: 'Change email' }).click();
  const form = page.getByRole('form', { name: 'Change email' });
  await form.getByLabel('New email address').fill(newEmail);

  // A wrong password changes nothing and sends nothing.
  await form.getByLabel('Your password, to confirm').fill('not-my-password');
  await form.getByRole('button', { name: 'Send confirmation link' }).click();
  await expect(form.getByRole('alert')).toHaveText('Your password is not correct.');
  expect(consoleErrors.splice(0).filter((e) => !e.includes('400'))).toEqual([]);

  await form.getByLabel('Your password, to confirm').fill(account.password);
  await captureScreen(page, 'settings-change-email');
  await form.getByRole('button', { name: 'Send confirmation link' }).click();
  await expect(profile.getByRole('status').filter({ hasText: 'We sent a link' })).toHaveText(
    `We sent a link to ${newEmail}. Your address changes when you open it; until then you sign in with ${account.email}.`,
  );

  const confirmation = await mailTo('email-change-confirm', newEmail);
  expect(confirmation.subject).toBe('Confirm your new address for Medicine Reminder');
  const notice = await mailTo('email-change-notice', account.email);
  expect(notice.subject).toBe('A change of your Medicine Reminder address was asked for');
  expect(notice.text).toContain(`from ${account.email} to ${newEmail}`);
  expect(notice.text).not.toMatch(/token=/); // the old mailbox gets no link that could act

  // Nothing changed yet: the old address signs in, the new one does not.
  const login = (email: string) =>
    request.post('/api/auth/login', { data: { email, password: account.password } });
  expect((await login(newEmail)).status()).toBe(401);
  expect((await login(account.email)).status()).toBe(200);

  await page.goto(linkIn(confirmation, '/confirm-email-change'));
  await expect(page).toHaveTitle('Confirm new email - Medicine Reminder');
  await expect(page.getByRole('status').filter({ hasText: 'Your address is now' })).toHaveText(
    `Your address is now ${newEmail}. Sign in with it from now on.`,
  );
  await captureScreen(page, 'confirm-email-change-done');
  await page.getByRole('link', { name: 'Back to Settings' }).click();
  await expect(page.getByLabel('Email', { exact: true })).toHaveValue(newEmail);
  expect(await sessionUser(page)).toMatchObject({ email: newEmail, emailVerified: true });
  // A call the shell sent under the old address while the confirmation was on its way is refused
  // (401, and 403 on its one retry), as may be the token refresh for the old address it causes;
  // then the app asks the session and follows the new address (decision 211). Nothing else may fail.
  const oldAddress = encodeURIComponent(account.email);
  const followed = (e: string) =>
    e.includes(oldAddress) || e === 'http 401: ' + new URL('/trpc/auth.token', page.url()).href;
  expect(consoleErrors.splice(0).filter((e) => !followed(e) && !/status of 40[13]/.test(e))).toEqual([]);
  // This device carries on under the new address: its next call fetches a token for it.
  await page.reload();
  await expect(page.getByLabel('Email', { exact: true })).toHaveValue(newEmail);
  await expect(page.getByRole('button', { name: /Account menu/ })).toBeVisible();

  expect((await login(newEmail)).status()).toBe(200);
  expect((await login(account.email)).status()).toBe(401);
  // The same through the login form, on another device.
  const elsewhere = await browser.newContext();
  await logIn(await elsewhere.newPage(), { ...account, email: newEmail });
  await elsewhere.close();
});

test.describe('REQUIRE_EMAIL_VERIFICATION=true', () => {
  const server = new OwnServer(undefined, { REQUIRE_EMAIL_VERIFICATION: 'true' });
  test.beforeAll(async () => server.start());
  test.afterAll(async () => server.dispose());
  test.use({ baseURL: async ({}, provide) => provide(await server.url()) });

  test('an unverified sign-in is refused on the login screen with a new link; the link opens the way', async ({
    page,
    consoleErrors,
  }) => {
    const account = { email: `grace-required-${Date.now()}@example.com`, password: 'correct-horse-2' };
    await registerInForm(page, account.email, account.password);
    const dialog = page.getByRole('alertdialog');
    await expect(dialog).toContainText('Check your mailbox');
    await expect(dialog).toContainText(`We sent a link to ${account.email}: open it to verify your address`);
    await dialog.getByRole('button', { name: 'OK' }).click();
    await expect(page).toHaveURL(/\/login$/);
    const firstLink = linkIn(
      await mailTo('email-verification', account.email, server.mailFolder),
      '/verify-email',
    );

    // A wrong password is the usual refusal: only the right password learns the address is unverified.
    await page.getByLabel('Email').fill(account.email);
    await page.getByLabel('Password').fill('not-the-password');
    await page.getByRole('button', { name: 'Login', exact: true }).click();
    await expect(
      page.locator('.Toastify__toast').filter({ hasText: 'Invalid email or password.' }),
    ).toBeVisible();
    await expect(page.getByText('Please verify your email address first')).toHaveCount(0);

    await page.getByLabel('Password').fill(account.password);
    await page.getByRole('button', { name: 'Login', exact: true }).click();
    const refusal = page.getByRole('alert').filter({ hasText: 'Please verify your email address first' });
    await expect(refusal).toHaveText(
      /Please verify your email address first: open the link we mailed you\. No mail\? Ask for a new one\./,
    );
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByRole('button', { name: /Account menu/ })).toHaveCount(0);
    await refusal.getByRole('button', { name: 'Send me a new link' }).click();
    await expect(refusal).toContainText(`If ${account.email} has an account still to verify, a new link`);
    await captureScreen(page, 'login-unverified-refused');
    // The refusals (401, 403) and the form's logged failure are what this test asked for.
    expect(
      consoleErrors.splice(0).filter((e) => !/http 40[13]|Login failed|status of 40[13]/.test(e)),
    ).toEqual([]);

    // Two links were mailed (registration, then the resend): the newer replaced the older.
    const links = (
      await mailsTo('email-verification', account.email, { folder: server.mailFolder, count: 2 })
    ).map((mail) => linkIn(mail, '/verify-email'));
    const newer = links.find((link) => link !== firstLink);
    expect(links).toContain(firstLink);
    await page.goto(firstLink);
    await expect(page.getByRole('alert')).toContainText('was replaced by a newer one');
    await page.goto(newer!);
    await expect(page.getByRole('status')).toHaveText(`Thank you: ${account.email} is verified.`);
    await captureScreen(page, 'verify-email-signed-out');
    await page.getByRole('link', { name: 'Sign in' }).click();
    await expect(page.getByRole('button', { name: 'Login', exact: true })).toBeVisible();
    expect(consoleErrors.splice(0).filter((e) => !e.includes('400'))).toEqual([]);
    await logIn(page, { name: 'Grace', ...account });
    await expect(page.getByRole('button', { name: /Account menu/ })).toBeVisible();
    await expect(banner(page)).toHaveCount(0);
  });
});

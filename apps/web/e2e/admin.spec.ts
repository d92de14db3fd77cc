import { createAccount, logIn } from './support/accounts';
import { expect, test } from './support/fixtures';
import { linkIn, mailTo } from './support/mailbox';
import { OwnServer } from './support/own-server';
import { captureScreen } from './support/screens';

/**
 * The operator's screen (issue 57) on a server of the test's own that names an administrator in
 * ADMIN_EMAILS: reached from the account menu once the address is verified; disabling and deleting
 * name the account; the sign-up policy set to closed is what the register screen then says.
 */
const ADMIN = `operator-${Date.now()}@example.com`;
const server = new OwnServer(undefined, { ADMIN_EMAILS: ADMIN, PUBLIC_URL: 'http://127.0.0.1' });

test.beforeAll(() => server.start());
test.afterAll(() => server.dispose());
test.use({ serviceWorkers: 'block', baseURL: async ({}, provide) => provide(await server.url()) });

test('an administrator disables and deletes an account, closes sign-ups; the register page says so', async ({
  page,
  browser,
  request,
  consoleErrors,
}) => {
  test.slow(); // three screens scanned by axe at two sizes on a loaded machine
  const admin = { name: 'Olive Operator', email: ADMIN, password: 'correct-horse-2' };
  expect((await request.post('/api/user/register', { data: admin })).status()).toBe(201);
  const bob = await createAccount(request, { name: 'Bob Patient' });

  // Listed but unverified: no administration yet (decision 280).
  await logIn(page, admin);
  await page.getByRole('button', { name: /Account menu/ }).click();
  await expect(page.getByRole('menuitem', { name: 'Profile & Settings' })).toBeVisible();
  await expect(page.getByRole('menuitem', { name: 'Administration' })).toHaveCount(0);
  await page.keyboard.press('Escape');

  const mail = await mailTo('email-verification', ADMIN, server.mailFolder);
  await page.goto(linkIn(mail, '/verify-email'));
  await expect(page.getByRole('status').filter({ hasText: ADMIN })).toContainText('is verified');
  await page.goto('/');
  await page.reload(); // the roles answer is kept per sign-in: a fresh page asks again
  await page.getByRole('button', { name: /Account menu/ }).click();
  await page.getByRole('menuitem', { name: 'Administration' }).click();
  await expect(page).toHaveURL(/\/admin$/);
  await expect(page.getByRole('heading', { name: 'Administration', level: 1 })).toBeVisible();
  const bobRow = page.getByRole('listitem').filter({ hasText: bob.email });
  await expect(bobRow).toBeVisible();
  await captureScreen(page, 'admin');

  await page.getByLabel('Search by email address').fill(bob.email);
  await expect(page.getByText('1 account', { exact: true })).toBeVisible();
  await bobRow.getByRole('button', { name: `Disable ${bob.email}` }).click();
  const dialog = page.getByRole('alertdialog');
  await expect(dialog).toContainText(`Disable ${bob.email}?`);
  await dialog.getByRole('button', { name: 'Disable' }).click();
  await expect(bobRow.getByText('Disabled', { exact: true })).toBeVisible();
  const refused = await request.post('/api/auth/login', {
    data: { email: bob.email, password: bob.password },
  });
  expect(refused.status()).toBe(403);
  await expect(page.getByRole('region', { name: 'What administrators did' })).toContainText(
    `${ADMIN} disabled ${bob.email}`,
  );

  await bobRow.getByRole('button', { name: `Delete… ${bob.email}` }).click();
  const typed = bobRow.getByLabel(`Type ${bob.email} to delete this account`);
  const remove = bobRow.getByRole('button', { name: `Delete ${bob.email}` });
  await expect(remove).toBeDisabled();
  await typed.fill(bob.email);
  await expect(remove).toBeEnabled();
  await captureScreen(page, 'admin-delete-confirm');
  await remove.click();
  await expect(page.getByText('0 accounts', { exact: true })).toBeVisible();

  await page.getByLabel('Search by email address').fill('');
  await page.getByRole('radio', { name: /Closed/ }).check();
  await page.getByRole('button', { name: 'Save sign-up policy' }).click();
  await expect(page.getByText('Chosen here; it wins over the SIGNUPS setting.')).toBeVisible();

  // Someone signed out opens Register: the page says sign-ups are closed and offers no form.
  const visitor = await browser.newContext({ baseURL: await server.url(), serviceWorkers: 'block' });
  const register = await visitor.newPage();
  await register.goto('/register');
  await expect(register.getByRole('status')).toContainText('Sign-ups are closed on this server');
  await expect(register.getByRole('button', { name: 'Register', exact: true })).toBeHidden();
  await captureScreen(register, 'register-closed');
  await visitor.close();
  expect(consoleErrors).toEqual([]);
});

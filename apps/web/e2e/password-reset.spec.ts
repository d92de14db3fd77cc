import { createAccount, logIn } from './support/accounts';
import { expect, test } from './support/fixtures';
import { atTenUtc, expectToast } from './support/journey';
import { linkIn, mailTo } from './support/mailbox';
import { captureScreen } from './support/screens';

test.use({ serviceWorkers: 'block' });
test.beforeEach(async ({ page }) => atTenUtc(page));

/** The reset link of the mail the suite's server wrote for `email` to DATA_DIR/mail/ (decision 201). */
async function mailedResetLink(email: string): Promise<string> {
  const mail = await mailTo('password-reset', email);
  expect(mail.subject).toBe('Reset your Medicine Reminder password');
  return linkIn(mail, '/reset-password');
}

test('forgot password: the same answer for any address, the link sets a new password, signs in here and out elsewhere', async ({
  page,
  browser,
  request,
}) => {
  const account = await createAccount(request);
  // Another device, signed in before the reset.
  const otherDevice = await browser.newContext();
  const other = await otherDevice.newPage();
  await atTenUtc(other);
  await logIn(other, account);
  await expect(other.getByRole('button', { name: /Account menu/ })).toBeVisible();

  await page.goto('/login');
  await page.getByRole('link', { name: 'Forgot password?' }).click();
  await expect(page).toHaveURL(/\/forgot-password$/);
  await expect(page).toHaveTitle('Forgot password - Medicine Reminder');
  await captureScreen(page, 'forgot-password');

  // A malformed address is the field's error; nothing is sent.
  await page.getByLabel('Email').fill('not-an-address');
  await page.getByRole('button', { name: 'Send reset link' }).click();
  await expect(page.getByText('Please enter a valid email address.')).toBeVisible();

  // An address without an account gets the same confirmation as one with an account.
  await page.getByLabel('Email').fill('nobody-has-this@example.com');
  await page.getByRole('button', { name: 'Send reset link' }).click();
  await expect(page.getByRole('status')).toContainText(
    'If an account exists for nobody-has-this@example.com, we sent it a link',
  );
  await page.getByRole('button', { name: 'Use another address' }).click();
  await page.getByLabel('Email').fill(account.email);
  await page.getByRole('button', { name: 'Send reset link' }).click();
  await expect(page.getByRole('status')).toContainText(
    `If an account exists for ${account.email}, we sent it a link`,
  );
  await captureScreen(page, 'forgot-password-sent');

  const link = await mailedResetLink(account.email);
  await page.goto(link);
  await expect(page.getByRole('heading', { name: 'Choose a new password' })).toBeVisible();
  await expect(page).toHaveTitle('Choose a new password - Medicine Reminder');
  // The registration rules, by field.
  await page.getByLabel('New password', { exact: true }).fill('short');
  await page.getByLabel('New password, again').fill('something-else');
  await page.getByRole('button', { name: 'Set new password' }).click();
  await expect(page.getByText('Password should be at least 6 characters long.')).toBeVisible();
  await expect(page.getByText('The two passwords are not the same.')).toBeVisible();
  await captureScreen(page, 'reset-password-form');

  await page.getByLabel('New password', { exact: true }).fill('a-brand-new-secret-7');
  await page.getByLabel('New password, again').fill('a-brand-new-secret-7');
  await page.getByRole('button', { name: 'Set new password' }).click();
  await expectToast(
    page,
    'Your password is changed and you are signed in. Every other device was signed out.',
  );
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('button', { name: /Account menu/ })).toBeVisible();

  // The other device is signed out on its next visit.
  await other.goto('/medication');
  await expect(other.getByRole('link', { name: 'Login', exact: true })).toBeVisible();
  await expect(other.getByRole('button', { name: /Account menu/ })).toHaveCount(0);
  await otherDevice.close();

  // The link worked once: opened again, it says so and offers a new one.
  await page.goto(link);
  await expect(page.getByRole('heading', { name: 'This link has been used' })).toBeVisible();
  await captureScreen(page, 'reset-password-used');
  await page.getByRole('link', { name: 'Ask for a new link' }).click();
  await expect(page).toHaveURL(/\/forgot-password$/);

  // The old password no longer signs in; the new one does.
  const oldLogin = await request.post('/api/auth/login', {
    data: { email: account.email, password: account.password },
  });
  expect(oldLogin.status()).toBe(401);
  const newLogin = await request.post('/api/auth/login', {
    data: { email: account.email, password: 'a-brand-new-secret-7' },
  });
  expect(newLogin.status()).toBe(200);
});

test('a cut or forged reset link says it does not work', async ({ page }) => {
  await page.goto('/reset-password?token=not-a-real-token');
  await expect(page.getByRole('heading', { name: 'This link does not work' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Ask for a new link' })).toBeVisible();
  await page.goto('/reset-password');
  await expect(page.getByRole('heading', { name: 'This link does not work' })).toBeVisible();
});

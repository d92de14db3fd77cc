import { createAccount, logIn } from './support/accounts';
import { expect, test } from './support/fixtures';
import { confirm, expectToast } from './support/journey';
import { captureScreen } from './support/screens';

test.describe('Sign out everywhere', () => {
  test('ends the other browser’s session after a confirmation; this one stays signed in', async ({
    page,
    browser,
    request,
  }) => {
    const account = await createAccount(request);
    // The other device: its own browser context (cookies, storage).
    const otherContext = await browser.newContext();
    const other = await otherContext.newPage();
    await logIn(other, account);
    await expect(other.getByRole('button', { name: /Account menu/ })).toBeVisible();

    await logIn(page, account);
    await page.goto('/settings?tab=privacy');
    await expect(page.getByText('Sign out on all your other devices and browsers')).toBeVisible();
    await captureScreen(page, 'settings-privacy-sessions');

    await page.getByRole('button', { name: 'Sign Out Everywhere' }).click();
    const dialog = page.getByRole('alertdialog');
    await expect(dialog.getByRole('heading', { name: 'Sign Out Everywhere' })).toBeVisible();
    await captureScreen(page, 'sign-out-everywhere-dialog');
    await confirm(
      page,
      'You will be signed out on all your other devices and browsers. You stay signed in here.',
      'Yes, sign out everywhere',
    );
    await expectToast(page, 'Signed out on all other devices');

    // This device: still signed in, data still loads (no refused call: the fixture checks).
    await page.goto('/medication');
    await expect(page.getByRole('button', { name: /Account menu/ })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Login', exact: true })).toHaveCount(0);

    // The other device: signed out on its next visit.
    await other.goto('/medication');
    await expect(other.getByRole('link', { name: 'Login', exact: true })).toBeVisible();
    await expect(other.getByRole('button', { name: /Account menu/ })).toHaveCount(0);
    await otherContext.close();
  });
});

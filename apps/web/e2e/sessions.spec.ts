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

// The real clock here: the token's expiry is judged against the server's time, which auth.spec.ts
// fakes at 10:00 UTC (a token issued at 01:00 UTC would look expired there).
test.describe('Returning start', () => {
  test.use({ serviceWorkers: 'block' });

  test("a returning start asks for its screen's data without waiting for a new token (decision 057)", async ({
    page,
    request,
  }) => {
    const account = await createAccount(request);
    await logIn(page, account);
    await expect(page.getByRole('heading', { name: /Good (Morning|Afternoon|Evening|Night)/ })).toBeVisible();
    // The reports screen: its month is not among the answers saved on the device for offline use
    // (a dashboard opened again may show its saved answers without asking), so a start there asks.
    let dataAskedNow: () => void = () => undefined;
    const dataAsked = new Promise<void>((resolve) => (dataAskedNow = resolve));
    // The new token's answer is held until the screen's data has been asked for (5 s at most): only
    // a start that calls with the token it holds can ask while it is held.
    let tokenReleased = false;
    let askedWhileTokenHeld: boolean | undefined;
    page.on('request', (r) => {
      if (askedWhileTokenHeld === undefined && new URL(r.url()).pathname.includes('report.month')) {
        askedWhileTokenHeld = !tokenReleased;
        dataAskedNow();
      }
    });
    await page.route(/\/trpc\/auth\.token/, async (route) => {
      await Promise.race([dataAsked, new Promise((resolve) => setTimeout(resolve, 5_000))]);
      tokenReleased = true;
      await route.continue();
    });
    await page.goto('/reports');
    await expect(page).toHaveTitle('Reports - Medicine Reminder');
    await dataAsked;
    expect(askedWhileTokenHeld).toBe(true);
  });
});

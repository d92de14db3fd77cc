import { createAccount, logIn } from './support/accounts';
import { expect, test } from './support/fixtures';
import { atTenUtc } from './support/journey';
import { DESKTOP, PHONE, captureScreen, expectAccessible } from './support/screens';

// Issue 51's shell findings (decisions 197, 199). No service worker: a plain page's own state.
test.use({ serviceWorkers: 'block' });
test.beforeEach(async ({ page }) => atTenUtc(page));

test.describe('toasts', () => {
  // A toast closes when its progress bar's animation ends (3 s). Under load the bar ran out between
  // the toast being seen and being measured, and the test waited on a toast that had left (CI,
  // 2026-12-07). The animation is held for this test, through a style the strict CSP would refuse.
  test.use({ bypassCSP: true });

  test('toasts sit below the sticky top bar, at phone and desktop width', async ({ page, request }) => {
    await page.addInitScript(() => {
      document.addEventListener('DOMContentLoaded', () => {
        const style = document.createElement('style');
        style.textContent = '.Toastify__progress-bar { animation-play-state: paused !important; }';
        document.head.append(style);
      });
    });
    const account = await createAccount(request);
    await page.setViewportSize(PHONE);
    await logIn(page, account);
    const toast = page.locator('.Toastify__toast').first();
    await expect(toast).toBeVisible();
    for (const size of [PHONE, DESKTOP]) {
      await page.setViewportSize(size);
      await toast.hover(); // waits for it to stand still after the move
      const header = await page.locator('header').first().boundingBox();
      const box = await toast.boundingBox();
      expect(box!.y, `toast at ${size.width}px`).toBeGreaterThanOrEqual(header!.y + header!.height);
    }
    // Still the first toast: it was measured at both widths, not a later one.
    await expect(toast).toContainText('Welcome back!');
  });
});

test('the phone menu closes on Escape, gives the focus back, and never shows with the account menu', async ({
  page,
  request,
}) => {
  const account = await createAccount(request);
  await page.setViewportSize(PHONE);
  await logIn(page, account);
  const toggle = page.getByRole('button', { name: 'Open menu' });
  await toggle.click();
  await expect(page.locator('#main-menu')).toBeVisible();
  await captureScreen(page, 'phone-menu');
  await page.keyboard.press('Escape');
  await expect(page.locator('#main-menu')).toHaveCount(0);
  await expect(toggle).toBeFocused();

  await toggle.click();
  await page.getByRole('button', { name: /Account menu/ }).click();
  await expect(page.getByRole('menuitem', { name: 'Logout' })).toBeVisible();
  await expect(page.locator('#main-menu')).toHaveCount(0);
  await toggle.click();
  await expect(page.getByRole('menuitem', { name: 'Logout' })).toHaveCount(0);
  await expect(page.locator('#main-menu')).toBeVisible();
});

test('Settings → Notifications says what this device can do, and asks only from its button', async ({
  page,
  request,
}) => {
  const account = await createAccount(request);
  await logIn(page, account);
  await page.goto('/settings?tab=notifications');
  const status = page.getByTestId('device-push-status').first();
  await expect(status).toBeVisible();
  // No worker in this test: never "on"; whatever it is, it is said, not silent.
  await expect(status).not.toHaveAttribute('data-state', 'subscribed');
  await expect(status).not.toHaveAttribute('data-state', 'checking', { timeout: 15_000 });
  await captureScreen(page, 'settings-device-push');
});

for (const colorScheme of ['light', 'dark'] as const) {
  test(`the ${colorScheme} theme follows the system and passes axe`, async ({ page, request }) => {
    await page.emulateMedia({ colorScheme });
    const account = await createAccount(request);
    await logIn(page, account);
    await expect(page.getByRole('heading', { name: /Good (morning|afternoon|evening)/i })).toBeVisible();
    const background = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
    const dark = await page.evaluate(() => matchMedia('(prefers-color-scheme: dark)').matches);
    expect(dark).toBe(colorScheme === 'dark');
    // The page's background is dark in the dark theme, light in the light one.
    const lightness = await page.evaluate((color) => {
      const probe = document.createElement('canvas').getContext('2d')!;
      probe.fillStyle = color;
      probe.fillRect(0, 0, 1, 1);
      const [r, g, b] = probe.getImageData(0, 0, 1, 1).data;
      return (r! + g! + b!) / 3;
    }, background);
    if (colorScheme === 'dark') expect(lightness).toBeLessThan(60);
    else expect(lightness).toBeGreaterThan(200);
    await captureScreen(page, `dashboard-${colorScheme}`);
    await page.goto('/settings?tab=notifications');
    await expectAccessible(page, `settings ${colorScheme}`);
    await captureScreen(page, `settings-${colorScheme}`);
  });
}

import type { APIRequestContext, Page } from '@playwright/test';
import { createAccount, logIn } from './support/accounts';
import { AccountApi } from './support/api';
import { expect, test } from './support/fixtures';
import { METFORMIN, atTenUtc } from './support/journey';
import { DESKTOP, PHONE, SCREENSHOT_DIR, captureScreen } from './support/screens';

test.use({ serviceWorkers: 'block' });

/** A new account signed in, once the bell's live stream has answered: what arrives later comes down it. */
async function signedInWithLiveStream(page: Page, request: APIRequestContext): Promise<AccountApi> {
  const account = await createAccount(request);
  const api = await AccountApi.signIn(request, account);
  const opened = page.waitForResponse(/\/trpc\/push\.notifications/);
  await logIn(page, account);
  await opened;
  return api;
}
test.beforeEach(async ({ page }) => atTenUtc(page));

test('notifications: read one, read all, delete one, close', async ({ page, request }) => {
  const account = await createAccount(request);
  const api = await AccountApi.signIn(request, account);
  // Both urgent from the start: the reminder engine raises a refill reminder for each.
  await api.addMedicine(METFORMIN);
  await api.addMedicine({ ...METFORMIN, name: 'Lisinopril', frequency: '1-0-0', totalPills: 2 });
  await logIn(page, account);

  // Opening the panel refetches the list.
  await page.getByRole('button', { name: /^Notifications/ }).click();
  const refill = page.getByRole('button', { name: /^Unread: Refill Reminder\. Metformin is running low/ });
  await expect(refill).toBeVisible({ timeout: 20_000 });
  await expect(page.getByRole('button', { name: /^Unread: Refill Reminder\. Lisinopril/ })).toBeVisible({
    timeout: 20_000,
  });
  const badge = page.getByTestId('notification-badge');
  const unread = Number(await badge.textContent());
  expect(unread).toBeGreaterThan(1);
  await captureScreen(page, 'notifications');

  // Opens what it is about (the refill panel), closes the panel and marks it read, at once. A
  // pointer click: the live refill reminders' in-page notices are held while the list is open
  // (decision 258), so none lies over it.
  await refill.click();
  await expect(page).toHaveURL(/\/#refills-title$/);
  await expect(page.getByRole('heading', { name: 'Notifications' })).toHaveCount(0);
  await expect(page.locator('#refills-title')).toBeInViewport();
  await expect(badge).toHaveText(String(unread - 1));
  await page.getByRole('button', { name: /^Notifications/ }).click();
  await expect(page.getByRole('button', { name: /^Refill Reminder\. Metformin/ })).toBeVisible();
  await page.getByRole('button', { name: 'Mark all as read' }).click();
  await expect(badge).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Mark all as read' })).toBeDisabled();

  // The delete shows at once; its call must still end inside the test (a route still fetching
  // when the test ends fails the next one).
  const deleted = page.waitForResponse((r) => r.url().includes('notification.delete'));
  await page
    .getByRole('listitem')
    .filter({ hasText: 'Metformin is running low' })
    .getByRole('button', { name: 'Delete notification: Refill Reminder' })
    .click();
  expect((await deleted).ok()).toBe(true);
  await expect(page.getByRole('button', { name: /Metformin is running low/ })).toHaveCount(0);
  await expect(page.getByRole('button', { name: /Lisinopril is running low/ })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('heading', { name: 'Notifications' })).toHaveCount(0);
});

test('the bell catches up when its live stream reconnects', async ({ page, request }) => {
  const account = await createAccount(request);
  const api = await AccountApi.signIn(request, account);
  // The first stream is ended at once, as a restarting server or a proxy's idle timeout would end
  // it; the browser reconnects by itself. The second is held until a notification was stored in
  // between, so it can only come from asking for the list again, not down the stream.
  let streams = 0;
  let stored!: () => void;
  const storedInBetween = new Promise<void>((resolve) => (stored = resolve));
  await page.route(/\/trpc\/push\.notifications/, async (route) => {
    streams += 1;
    if (streams === 1) {
      await route.fulfill({ status: 200, contentType: 'text/event-stream', body: 'retry: 200\n\n' });
      return;
    }
    await storedInBetween;
    await route.continue();
  });
  await logIn(page, account);
  await expect(page.getByTestId('notification-badge')).toHaveCount(0);
  await expect.poll(() => streams, { timeout: 10_000 }).toBe(2);

  // Urgent from the start: the reminder engine stores a refill reminder for it.
  await api.addMedicine(METFORMIN);
  let count = 0;
  await expect
    .poll(async () => (count = (await api.notifications()).length), { timeout: 20_000 })
    .toBeGreaterThan(0);
  stored();

  // Well before the list's one-minute poll, and with no focus change to refetch it.
  await expect(page.getByTestId('notification-badge')).toHaveText(String(count), { timeout: 10_000 });
});

test('a notification arriving while the app is open is shown in the page, with its actions', async ({
  page,
  request,
}) => {
  const api = await signedInWithLiveStream(page, request);
  await expect(page.getByTestId('notification-badge')).toHaveCount(0);

  // Urgent from the start: the reminder engine stores a refill reminder, sent down the live stream.
  await api.addMedicine(METFORMIN);
  const live = page.getByTestId('live-notification');
  await expect(live).toContainText('Metformin is running low', { timeout: 20_000 });
  await captureScreen(page, 'live-notification');
  await live.getByRole('button', { name: 'Show refills' }).click();
  await expect(live).toHaveCount(0);
  await expect(page).toHaveURL(/\/#refills-title$/);
  await expect(page.getByTestId('notification-badge')).toHaveCount(0);
});

test('in-page notices never lie over the open bell panel, at 390 px and 1280 px', async ({
  page,
  request,
}) => {
  const api = await signedInWithLiveStream(page, request);
  const bell = page.getByRole('button', { name: /^Notifications/ });
  const panel = page.locator('#notification-panel');

  for (const [size, name] of [
    [PHONE, 'Lisinopril'],
    [DESKTOP, 'Atorvastatin'],
  ] as const) {
    await page.setViewportSize(size);
    await bell.click();
    await expect(page.getByRole('heading', { name: 'Notifications' })).toBeVisible();
    // Urgent from the start: a refill reminder arrives down the live stream while the list is open.
    await api.addMedicine({ ...METFORMIN, name });
    const item = page.getByRole('button', {
      name: new RegExp(`^Unread: Refill Reminder\\. ${name} is running low`),
    });
    await expect(item).toBeVisible({ timeout: 20_000 });
    const notice = page.getByTestId('live-notification').filter({ hasText: `${name} is running low` });
    await expect(notice).toHaveCount(1, { timeout: 20_000 });
    await expect(notice).toBeHidden();
    // Every point of the open panel is the panel's own: nothing is drawn over it.
    const covered = await panel.evaluate((element) => {
      const box = element.getBoundingClientRect();
      const points: [number, number][] = [];
      for (const fx of [0.05, 0.5, 0.95])
        for (const fy of [0.05, 0.5, 0.95])
          points.push([box.left + box.width * fx, box.top + box.height * fy]);
      return points.filter(([x, y]) => !element.contains(document.elementFromPoint(x, y)));
    });
    expect(covered, `points of the panel covered at ${size.width}px`).toEqual([]);
    await page.screenshot({
      path: `${SCREENSHOT_DIR}/bell-open-with-notice-${size.width}x${size.height}.png`,
    });
    // A pointer reaches the list's items (trial: the press is checked, not made).
    await item.click({ trial: true, timeout: 5_000 });

    // Closed, the notice held meanwhile is shown, as it was.
    await page.keyboard.press('Escape');
    await expect(panel).toHaveCount(0);
    await expect(notice).toBeVisible();
    await notice.getByRole('button', { name: 'Dismiss' }).click();
    await expect(notice).toHaveCount(0);
  }
});

import { createAccount, logIn } from './support/accounts';
import { AccountApi } from './support/api';
import { expect, test } from './support/fixtures';
import { atTenUtc, expectToast } from './support/journey';
import { captureScreen } from './support/screens';

test.use({ serviceWorkers: 'block' });
test.beforeEach(async ({ page }) => atTenUtc(page));

// Decisions 227 and 228: follow-ups and quiet hours in Settings → Notifications, saved on the server.
test('notifications tab: follow-ups and quiet hours are saved', async ({ page, request }) => {
  const account = await createAccount(request);
  await logIn(page, account);
  await page.goto('/settings');
  await page.getByRole('tab', { name: 'Notifications' }).click();
  await expect(page.getByLabel('Every (minutes)')).toHaveValue('10');
  await expect(page.getByLabel('Up to (times)')).toHaveValue('3');
  await page.getByLabel('Every (minutes)').fill('15');
  await page.getByLabel('Up to (times)').selectOption('2');
  await page.getByRole('switch', { name: 'Quiet Hours' }).click();
  await page.getByLabel('Quiet from').fill('22:30');
  // The same start and end is no window: said where the field is.
  await page.getByLabel('Quiet until').fill('22:30');
  await expect(page.getByText('Quiet hours must start and end at different times.')).toBeVisible();
  await page.getByLabel('Quiet until').fill('06:30');
  await expect(page.getByText('Quiet hours must start and end at different times.')).toHaveCount(0);
  await captureScreen(page, 'settings-follow-ups');
  await page.getByRole('button', { name: 'Save All Settings' }).click();
  await expectToast(page, 'Settings saved successfully!');

  const api = await AccountApi.signIn(request, account);
  const saved = await api.settings();
  expect(saved.notifications).toMatchObject({
    followUps: { everyMinutes: 15, times: 2 },
    quietHours: { enabled: true, start: '22:30', end: '06:30' },
  });
  await page.reload();
  await page.getByRole('tab', { name: 'Notifications' }).click();
  await expect(page.getByLabel('Every (minutes)')).toHaveValue('15');
  await expect(page.getByLabel('Quiet until')).toHaveValue('06:30');
});

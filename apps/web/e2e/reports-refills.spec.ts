import { createAccount, logIn } from './support/accounts';
import { AccountApi } from './support/api';
import { expect, test } from './support/fixtures';
import { ASPIRIN, METFORMIN, atTenUtc } from './support/journey';
import { captureScreen } from './support/screens';

test.use({ serviceWorkers: 'block' });
test.beforeEach(async ({ page }) => atTenUtc(page));

test('refill a medicine that is running low', async ({ page, request }) => {
  const account = await createAccount(request);
  const api = await AccountApi.signIn(request, account);
  await api.takeToday(await api.addMedicine(METFORMIN), '1-0-0'); // 4 pills, one taken
  await logIn(page, account);

  const panel = page.getByRole('region', { name: 'Refill Reminders' });
  const metformin = panel.getByRole('listitem').filter({ hasText: 'Metformin' });
  await expect(metformin).toContainText('Urgent');
  await expect(metformin).toContainText('Please refill it');
  await expect(metformin).toContainText('3 pills left');
  // Refill asks how many pills were added, a pack by default, and adds them to the 3 left (decision 182).
  await metformin.getByRole('button', { name: 'Refill Metformin' }).click();
  const dialog = page.getByRole('dialog', { name: 'Refill Metformin' });
  await expect(dialog.getByLabel('Pills added')).toHaveValue('4');
  await expect(dialog).toContainText('7 pills after the refill.');
  await captureScreen(page, 'refill-dialog');
  await dialog.getByRole('button', { name: 'Add 4 pills' }).click();
  await expect(dialog).toBeHidden();
  await expect(metformin).toContainText('7 pills left');
});

test('reports count this month’s doses due up to now', async ({ page, request }) => {
  const account = await createAccount(request);
  const api = await AccountApi.signIn(request, account);
  // At 10:00 only Aspirin's 08:00 dose is due so far today, and it was taken.
  await api.takeToday(await api.addMedicine(ASPIRIN), '1-0-0');
  await logIn(page, account);

  await page.getByRole('link', { name: 'Reports' }).click();
  await expect(page).toHaveTitle('Reports - Medicine Reminder');
  const stat = (label: string) => page.locator('dl > div').filter({ hasText: label });
  await expect(page.getByText('Adherence Rate (This Month)')).toBeVisible();
  await expect(stat('Adherence Rate (This Month)')).toContainText('100%');
  await expect(stat('Missed Doses (This Month)')).toContainText('0');
  await expect(stat('Upcoming Refills (Next 7 Days)')).toContainText('0');
  await captureScreen(page, 'reports');
});

import type { Page } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { createAccount, logIn } from './support/accounts';
import { AccountApi } from './support/api';
import { expect, test } from './support/fixtures';
import { ASPIRIN, atTenUtc, confirm, expectToast, todayUtc } from './support/journey';
import { SCREENSHOT_DIR, captureScreen, expectAccessible } from './support/screens';

test.use({ serviceWorkers: 'block' });
test.beforeEach(async ({ page }) => atTenUtc(page));

test('profile: reached from the account menu, the name is edited', async ({ page, request }) => {
  await logIn(page, await createAccount(request, { name: 'Ada Lovelace' }));
  // The menu by keyboard (decision 052): ArrowDown opens it on its first item, Escape gives focus back.
  const menuButton = page.getByRole('button', { name: /Account menu/ });
  await menuButton.focus();
  await page.keyboard.press('ArrowDown');
  await expect(page.getByRole('menuitem', { name: 'Profile & Settings' })).toBeFocused();
  await page.keyboard.press('End');
  await expect(page.getByRole('menuitem', { name: 'Logout' })).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('menu')).toHaveCount(0);
  await expect(menuButton).toBeFocused();
  await menuButton.click();
  await expect(menuButton).toHaveAttribute('aria-expanded', 'true');
  await expectAccessible(page, 'the account menu');
  await page.screenshot({ path: `${SCREENSHOT_DIR}/account-menu-open.png` });
  await page.getByRole('menuitem', { name: 'Profile & Settings' }).click();
  await expect(page.getByRole('menu')).toHaveCount(0);
  await expect(page).toHaveTitle('Settings - Medicine Reminder');
  await expect(page.getByText('Manage your account preferences and app settings')).toBeVisible();
  await expect(page.getByLabel('Full Name')).toBeDisabled();
  await captureScreen(page, 'settings-profile');
  await page.getByRole('button', { name: 'Edit' }).click();
  await expect(page.getByLabel('New Password', { exact: true })).toBeDisabled();
  await page.getByLabel('Full Name').fill('Ada King');
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expectToast(page, 'Profile updated successfully!');
  await expect(page.getByRole('button', { name: 'Account menu for Ada King' })).toHaveText('A');
});

test('notifications tab: a switch is saved', async ({ page, request }) => {
  await logIn(page, await createAccount(request));
  await page.goto('/settings');
  await page.getByRole('tab', { name: 'Notifications' }).click();
  await expect(page.getByText('Receive medicine reminders and alerts')).toBeVisible();
  await page.getByRole('switch', { name: 'Daily Summary' }).click();
  await captureScreen(page, 'settings-notifications');
  await page.getByRole('button', { name: 'Save All Settings' }).click();
  await expectToast(page, 'Settings saved successfully!');
  await expect(page.getByRole('switch', { name: 'Daily Summary' })).toBeChecked();
});

test('medicine times: an added time sorts in, a moved one moves the doses', async ({ page, request }) => {
  const account = await createAccount(request);
  const api = await AccountApi.signIn(request, account);
  await api.addMedicine(ASPIRIN); // 08:00 and 14:00
  await logIn(page, account);

  await page.goto('/settings');
  await page.getByRole('tab', { name: 'Set Medicine Times' }).click();
  await expect(page.getByRole('heading', { name: 'Default Reminder Times' })).toBeVisible();
  await page.getByRole('button', { name: 'Add Time' }).click();
  await expect(page.getByRole('textbox', { name: 'Afternoon 4' })).toHaveValue('12:00');
  await captureScreen(page, 'settings-medicine-times');
  await page.getByRole('button', { name: 'Save All Settings' }).click();
  await expectToast(page, 'Settings saved successfully!');
  // Sorted, and Aspirin keeps its 08:00 and 14:00 doses.
  await expect(page.getByLabel('Afternoon 3')).toHaveValue('14:00');
  await page.getByLabel('Morning 1').fill('09:00');
  await page.getByRole('button', { name: 'Save All Settings' }).click();
  await confirm(page, /Aspirin: 8:00 AM, 2:00 PM → 9:00 AM, 2:00 PM/, 'Yes, change them');
  await expectToast(page, 'Settings saved successfully!');
  expect(await api.medicines()).toEqual([
    expect.objectContaining({ name: 'Aspirin', scheduledTimes: ['09:00', '14:00'] }),
  ]);
});

test('privacy tab: export the data as the spec’s file', async ({ page, request }) => {
  const account = await createAccount(request);
  const api = await AccountApi.signIn(request, account);
  await api.addMedicine(ASPIRIN);
  await api.saveDefaultReminderTimes(['09:00', '14:00', '20:00']); // the export shows stored times
  await logIn(page, account);

  await page.goto('/settings');
  await page.getByRole('tab', { name: 'Privacy & Security' }).click();
  await expect(page.getByText('Allow anonymous usage data to improve the app')).toBeVisible();
  await expect(page.getByText('Permanently delete your account and all data')).toBeVisible();
  await captureScreen(page, 'settings-privacy');

  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export Your Data' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe(`medicine-reminder-data-${todayUtc()}.json`);
  const data = JSON.parse(readFileSync(await file.path(), 'utf8')) as Record<string, unknown>;
  expect(data).toMatchObject({ user: { email: account.email }, settings: { email: account.email } });
  expect(data.medicines).toEqual([
    expect.objectContaining({ name: 'Aspirin', scheduledTimes: ['09:00', '14:00'] }),
  ]);
  expect(typeof data.exportDate).toBe('string');
  await expectToast(page, 'Data exported successfully!');
});

/** Whether the page asks before the tab closes or reloads (a `beforeunload` it cancels). */
const asksBeforeUnload = (page: Page) =>
  page.evaluate(() => {
    const event = new Event('beforeunload', { cancelable: true });
    window.dispatchEvent(event);
    return event.defaultPrevented;
  });

test('unsaved settings: leaving asks Stay or Discard, a tab close asks too, saving clears it (decision 217)', async ({
  page,
  request,
}) => {
  await logIn(page, await createAccount(request));
  await page.goto('/settings?tab=notifications');
  const summary = page.getByRole('switch', { name: 'Daily Summary' });
  await expect(summary).not.toBeChecked();
  expect(await asksBeforeUnload(page)).toBe(false);
  await summary.click();
  await expect(page.getByRole('status').filter({ hasText: 'You have unsaved changes.' })).toBeVisible();
  expect(await asksBeforeUnload(page)).toBe(true);

  // Another tab of the page keeps the change: nothing is asked.
  await page.getByRole('tab', { name: 'Privacy & Security' }).click();
  await expect(page.getByRole('alertdialog')).toHaveCount(0);
  await page.getByRole('tab', { name: 'Notifications' }).click();
  await expect(summary).toBeChecked();

  // Leaving the page asks; Stay keeps the page and the change.
  await page.getByRole('link', { name: 'Home' }).click();
  const dialog = page.getByRole('alertdialog');
  await expect(dialog).toContainText('Leave without saving?');
  await captureScreen(page, 'settings-unsaved-changes');
  await dialog.getByRole('button', { name: 'Stay' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(page).toHaveURL(/\/settings/);
  await expect(summary).toBeChecked();

  // Discard leaves, and the change was not saved.
  await page.getByRole('link', { name: 'Home' }).click();
  await dialog.getByRole('button', { name: 'Discard changes' }).click();
  await expect(page.getByRole('heading', { name: "Today's doses" })).toBeVisible();
  await page.goto('/settings?tab=notifications');
  await expect(summary).not.toBeChecked();

  // Saved, nothing is left to lose: no question.
  await summary.click();
  await page.getByRole('button', { name: 'Save All Settings' }).click();
  await expectToast(page, 'Settings saved successfully!');
  await expect(page.getByText('You have unsaved changes.')).toHaveCount(0);
  expect(await asksBeforeUnload(page)).toBe(false);
  await page.getByRole('link', { name: 'Home' }).click();
  await expect(page.getByRole('heading', { name: "Today's doses" })).toBeVisible();
  await expect(page.getByRole('alertdialog')).toHaveCount(0);
});

test('an unsaved profile edit is kept by Stay when another settings tab is chosen (decision 217)', async ({
  page,
  request,
}) => {
  await logIn(page, await createAccount(request, { name: 'Ada Lovelace' }));
  await page.goto('/settings');
  await page.getByRole('button', { name: 'Edit' }).click();
  await page.getByLabel('Full Name').fill('Ada King');
  await page.getByRole('tab', { name: 'Notifications' }).click();
  const dialog = page.getByRole('alertdialog');
  await expect(dialog).toContainText('Leave without saving?');
  await dialog.getByRole('button', { name: 'Stay' }).click();
  await expect(page.getByLabel('Full Name')).toHaveValue('Ada King');
  await page.getByRole('tab', { name: 'Notifications' }).click();
  await dialog.getByRole('button', { name: 'Discard changes' }).click();
  await expect(page.getByRole('switch', { name: 'Daily Summary' })).toBeVisible();
  await page.getByRole('tab', { name: 'Profile' }).click();
  await expect(page.getByLabel('Full Name')).toHaveValue('Ada Lovelace');
});

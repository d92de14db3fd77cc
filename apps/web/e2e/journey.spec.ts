import { readFileSync } from 'node:fs';
import { DESKTOP, PHONE, captureScreen, expectAccessible } from './support/screens';
import { expect, test } from './support/fixtures';
import { confirm, expectToast, fillMedicineForm, todayUtc } from './support/journey';

// The whole journey of issue 3, in order, as one person would walk it.
test.describe.configure({ mode: 'serial' });
// No service worker here: its prompts would cover the screens (the shell spec covers it).
test.use({ serviceWorkers: 'block' });

const today = todayUtc();
const user = { name: 'Ada Lovelace', email: `ada-${Date.now()}@example.com`, password: 'correct-horse-1' };

test('register, sign in and use every screen', async ({ page }) => {
  // 10:00 in the user's zone: the 08:00 slot has passed, the 14:00 one has not.
  await page.clock.install({ time: new Date(`${today}T10:00:00Z`) });
  await page.setViewportSize(DESKTOP);

  await test.step('register', async () => {
    await page.goto('/register');
    await expect(page).toHaveTitle('Register - Medicine Reminder');
    await captureScreen(page, 'register');
    await page.getByLabel('Name').fill(user.name);
    await page.getByLabel('Email').fill(user.email);
    await page.getByLabel('Password').fill(user.password);
    await page.getByRole('button', { name: 'Register', exact: true }).click();
    await expect(page.getByRole('alertdialog')).toContainText('Registration Successful!');
    await expect(page.getByRole('alertdialog')).toContainText(
      'Your account has been created successfully. Please log in.',
    );
    await expect(page).toHaveURL(/\/login$/); // the dialog closes itself after 2 s
  });

  await test.step('the route guard remembers the page and login returns there', async () => {
    const providers = page.waitForResponse((r) => r.url().includes('social.providers'));
    await page.goto('/reports');
    await expect(page).toHaveURL(/\/login\?redirect=%2Freports/);
    await expect(page).toHaveTitle('Login - Medicine Reminder');
    await captureScreen(page, 'login');
    // This server configures no third-party sign-in: no dead button (social-sign-in.spec.ts has them).
    expect(await (await providers).text()).toContain('"firebase":null,"oidc":null');
    await expect(page.getByText(/Login with/)).toHaveCount(0);
    await page.getByLabel('Email').fill(user.email);
    await page.getByLabel('Password').fill(user.password);
    await page.getByRole('button', { name: 'Login', exact: true }).click();
    await expectToast(page, 'Welcome back! You have been logged in successfully.');
    await expect(page).toHaveURL(/\/reports$/);
  });

  await test.step('empty dashboard with the greeting', async () => {
    await page.getByRole('link', { name: 'Home' }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Good Morning, Ada');
    await expect(page.getByText("Here's your medications overview today!")).toBeVisible();
    await expect(page.getByText(/You have no medicines to take now/)).toBeVisible();
    await expect(page.getByText('No refills needed at this time.')).toBeVisible();
    await captureScreen(page, 'dashboard-empty');
  });

  await test.step('add medicines', async () => {
    await page.getByRole('link', { name: 'Add Medication' }).first().click();
    await expect(page).toHaveTitle('Add Medicine - Medicine Reminder');
    await expect(page.getByText('Format: Morning-Afternoon-Evening (1 = take, 0 = skip)')).toBeVisible();
    await expect(page.getByLabel('Start Date')).toHaveValue(today);
    await page.getByRole('button', { name: 'Add Medicine' }).click();
    await expect(page.getByText('Name is required.')).toBeVisible();
    await expectToast(page, 'Please fill in the frequency pattern field.');
    await captureScreen(page, 'add-medicine');

    await fillMedicineForm(page, {
      name: 'Aspirin',
      dosage: '500mg',
      frequency: '1-1-0',
      totalDays: 30,
      supplyDays: 10,
      totalPills: 20,
      pillsPerDose: 1,
    });
    await expect(page.getByRole('status').filter({ hasText: '8:00 AM' })).toContainText('2:00 PM');
    await expect(page.getByText('Pills for the whole course:')).toContainText('60');
    await page.getByRole('button', { name: 'Add Medicine' }).click();
    await expectToast(page, 'Aspirin has been added successfully!');
    await expect(page).toHaveURL(/\/$/);

    await page.goto('/add-medicine');
    await fillMedicineForm(page, {
      name: 'Metformin',
      dosage: '850mg',
      frequency: '1-0-1',
      totalDays: 30,
      supplyDays: 2,
      totalPills: 4,
      pillsPerDose: 1,
    });
    await page.getByRole('button', { name: 'Add Medicine' }).click();
    await expectToast(page, 'Metformin has been added successfully!');
  });

  await test.step('dashboard slots and ticks', async () => {
    const morning = page.getByTestId('dose-slot-0');
    const afternoon = page.getByTestId('dose-slot-1');
    await expect(morning).toContainText('Morning');
    await expect(morning).toContainText('8:00 AM');
    await expect(morning).toContainText('Missed');
    await expect(afternoon).toContainText('Upcoming');
    await expect(page.getByTestId('dose-slot-2')).toContainText('Metformin');
    await expect(
      morning.getByRole('link', { name: 'You can set your default time from settings' }),
    ).toBeVisible();

    // A slot not reached yet: the tick explains instead of acting.
    // aria-disabled: Playwright would wait for it to become enabled, a person can still press it.
    await afternoon.getByRole('button', { name: 'Aspirin, Afternoon dose taken' }).click({ force: true });
    await expect(afternoon.getByText('Available after scheduled time')).toBeVisible();

    // A slot already past: confirm, then it is taken.
    await morning.getByRole('button', { name: 'Aspirin, Morning dose taken' }).click();
    await confirm(page, 'Are you sure you want to mark "Aspirin" as taken?', 'Yes, mark it!');
    await expectToast(page, 'Aspirin marked as taken!');
    await expect(morning.getByRole('button', { name: 'Aspirin, Morning dose taken' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await expect(morning).toContainText('In Progress');
    await morning.getByRole('button', { name: 'Metformin, Morning dose taken' }).click();
    await confirm(page, 'Are you sure you want to mark "Metformin" as taken?', 'Yes, mark it!');
    await expectToast(page, 'Metformin marked as taken!');
    await expect(morning).toContainText('Completed');
    await expect(afternoon.getByText('Available after scheduled time')).toHaveCount(0);
    await captureScreen(page, 'dashboard');
  });

  await test.step('medications: table on desktop, cards on a phone', async () => {
    await page.getByRole('link', { name: 'Medications' }).click();
    await expect(page).toHaveTitle('Medications - Medicine Reminder');
    const table = page.getByRole('table');
    for (const column of [
      'Medication',
      'Dosage',
      'Frequency',
      'Time',
      'Start Date',
      'Total Duration',
      'Current Duration',
      'Actions',
    ]) {
      await expect(table.getByRole('columnheader', { name: column })).toBeVisible();
    }
    const aspirin = table.getByRole('row', { name: /Aspirin/ });
    await expect(aspirin).toContainText('Twice daily');
    await expect(aspirin).toContainText('8:00 AM, 2:00 PM');
    await expect(aspirin).toContainText(today);
    await expect(aspirin).toContainText('30 days');
    await expect(table.getByRole('row', { name: /Metformin/ })).toContainText('1 day left');
    await page.setViewportSize(PHONE);
    await expect(page.getByRole('table')).toHaveCount(0);
    await expect(page.getByRole('listitem').filter({ hasText: 'Aspirin' })).toContainText('Twice daily');
    await page.setViewportSize(DESKTOP);
    await captureScreen(page, 'medications');
  });

  await test.step('update a medicine', async () => {
    await page.getByRole('link', { name: 'Edit Aspirin' }).click();
    await expect(page).toHaveURL(/\/update-medicine\//);
    await expect(page.getByLabel('Medicine Name')).toHaveValue('Aspirin');
    await expect(page.getByLabel('Frequency')).toHaveValue('1-1-0');
    await captureScreen(page, 'update-medicine');
    await page.getByLabel('Dosage').fill('325mg');
    await page.getByRole('button', { name: 'Update Medicine' }).click();
    await confirm(page, 'Are you sure you want to update this?', 'Yes, update it!');
    await expectToast(page, 'Aspirin has been updated successfully!');
    await expect(page).toHaveURL(/\/$/);
  });

  await test.step('refill', async () => {
    const panel = page.getByRole('region', { name: 'Refill Reminders' });
    const metformin = panel.getByRole('listitem').filter({ hasText: 'Metformin' });
    await expect(metformin).toContainText('Urgent');
    await expect(metformin).toContainText('Please refill it');
    await expect(metformin).toContainText('3 pills left');
    await metformin.getByRole('button', { name: 'Refill Metformin' }).click();
    await expect(metformin).toContainText('4 pills left');
  });

  await test.step('delete a medicine', async () => {
    await page.goto('/medication');
    await page.getByRole('button', { name: 'Delete Metformin' }).click();
    await expectAccessible(page, 'the delete confirmation');
    await confirm(
      page,
      'Are you sure you want to delete "Metformin"? This action cannot be undone.',
      'Yes, delete it!',
    );
    await expectToast(page, 'Metformin has been deleted successfully!');
    await expect(page.getByRole('row', { name: /Metformin/ })).toHaveCount(0);
  });

  await test.step('reports', async () => {
    await page.getByRole('link', { name: 'Reports' }).click();
    await expect(page).toHaveTitle('Reports - Medicine Reminder');
    const stat = (label: string) => page.locator('dl > div').filter({ hasText: label });
    await expect(page.getByText('Adherence Rate (This Month)')).toBeVisible();
    // Only Aspirin's 08:00 dose is due so far today, and it was taken.
    await expect(stat('Adherence Rate (This Month)')).toContainText('100%');
    await expect(stat('Missed Doses (This Month)')).toContainText('0');
    await expect(stat('Upcoming Refills (Next 7 Days)')).toContainText('0');
    await captureScreen(page, 'reports');
  });

  await test.step('notifications', async () => {
    // The reminder engine raised a refill reminder for Metformin while it was urgent. Opening the
    // panel refetches the list.
    await page.getByRole('button', { name: /^Notifications/ }).click();
    const refill = page.getByRole('button', { name: /^Unread: Refill Reminder\. Metformin is running low/ });
    await expect(refill).toBeVisible({ timeout: 20_000 });
    const badge = page.getByTestId('notification-badge');
    const unread = Number(await badge.textContent());
    expect(unread).toBeGreaterThan(0);
    await captureScreen(page, 'notifications');
    await refill.click(); // marks it read, at once
    await expect(page.getByRole('button', { name: /^Refill Reminder\. Metformin/ })).toBeVisible();
    if (unread > 1) {
      await page.getByRole('button', { name: 'Mark all as read' }).click();
    }
    await expect(badge).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Mark all as read' })).toBeDisabled();
    await page.getByRole('button', { name: 'Delete notification: Refill Reminder' }).first().click();
    await expect(page.getByRole('button', { name: /Metformin is running low/ })).toHaveCount(0);
    await page.keyboard.press('Escape');
    await expect(page.getByRole('heading', { name: 'Notifications' })).toHaveCount(0);
  });

  await test.step('settings: every tab', async () => {
    await page.getByRole('button', { name: /Account menu/ }).click();
    await expectAccessible(page, 'the account menu');
    await page.getByRole('menuitem', { name: 'Profile & Settings' }).click();
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

    await page.getByRole('tab', { name: 'Notifications' }).click();
    await expect(page.getByText('Receive medicine reminders and alerts')).toBeVisible();
    await page.getByRole('switch', { name: 'Daily Summary' }).click();
    await captureScreen(page, 'settings-notifications');
    await page.getByRole('button', { name: 'Save All Settings' }).click();
    await expectToast(page, 'Settings saved successfully!');
    await expect(page.getByRole('switch', { name: 'Daily Summary' })).toBeChecked();

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

    await page.getByRole('tab', { name: 'Privacy & Security' }).click();
    await expect(page.getByText('Allow anonymous usage data to improve the app')).toBeVisible();
    await expect(page.getByText('Permanently delete your account and all data')).toBeVisible();
    await captureScreen(page, 'settings-privacy');
  });

  await test.step('export', async () => {
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export Your Data' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toBe(`medicine-reminder-data-${today}.json`);
    const data = JSON.parse(readFileSync(await file.path(), 'utf8')) as Record<string, unknown>;
    expect(data).toMatchObject({ user: { email: user.email }, settings: { email: user.email } });
    expect(data.medicines).toEqual([
      expect.objectContaining({ name: 'Aspirin', scheduledTimes: ['09:00', '14:00'] }),
    ]);
    expect(typeof data.exportDate).toBe('string');
    await expectToast(page, 'Data exported successfully!');
  });

  await test.step('logout and back in', async () => {
    await page.getByRole('button', { name: /Account menu/ }).click();
    await page.getByRole('menuitem', { name: 'Logout' }).click();
    await expectToast(page, 'You have been logged out successfully.');
    await expect(page.getByRole('heading', { name: 'Login' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Login', exact: true })).toBeVisible();
    await page.getByLabel('Email').fill(user.email);
    await page.getByLabel('Password').fill(user.password);
    await page.getByRole('button', { name: 'Login', exact: true }).click();
    await expectToast(page, 'Welcome back! You have been logged in successfully.');
  });

  await test.step('delete the account', async () => {
    await page.goto('/settings?tab=privacy');
    await page.getByRole('button', { name: 'Delete Account' }).click();
    const dialog = page.getByRole('alertdialog');
    await expect(dialog.getByRole('heading', { name: 'Delete Account' })).toBeVisible();
    await confirm(
      page,
      'This action cannot be undone. All your data will be permanently deleted.',
      'Yes, delete my account',
    );
    await expectToast(page, 'Account deleted successfully');
    await expect(page.getByRole('heading', { name: 'Login' })).toBeVisible();
    await expect(page).toHaveURL(/\/$/);
  });
});

import { createAccount, logIn } from './support/accounts';
import { AccountApi } from './support/api';
import { expect, test } from './support/fixtures';
import { ASPIRIN, atTenUtc, expectToast, fillMedicineForm } from './support/journey';
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
  // Typed key by key, as a person does: each keystroke stays as typed (it was clamped: "1" became 5,
  // then "15" read "55"), and a value out of bounds says so at the field.
  const minutes = page.getByLabel('Every (minutes)');
  await minutes.fill('');
  await minutes.pressSequentially('3');
  await expect(page.getByText('Enter whole minutes from 5 to 60.')).toBeVisible();
  // Saving now would store the last good value and say "saved": the form asks for the correction.
  await page.getByRole('button', { name: 'Save All Settings' }).click();
  await expect(page.getByText('Correct the field marked in red before saving.')).toBeVisible();
  await expect(minutes).toBeFocused();
  await minutes.fill('');
  await minutes.pressSequentially('15');
  await expect(minutes).toHaveValue('15');
  await expect(page.getByText('Enter whole minutes from 5 to 60.')).toHaveCount(0);
  // The heads-up advance is judged the same way: emptied, it stays empty (it read 0) and says so.
  const advance = page.getByLabel('Heads-up advance (minutes before a dose)');
  await advance.fill('');
  await expect(advance).toHaveValue('');
  await expect(page.getByText('Enter whole minutes from 0 to 1440.')).toBeVisible();
  await advance.pressSequentially('20');
  await expect(page.getByText('Enter whole minutes from 0 to 1440.')).toHaveCount(0);
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
    reminderAdvance: 20,
    followUps: { everyMinutes: 15, times: 2 },
    quietHours: { enabled: true, start: '22:30', end: '06:30' },
  });
  await page.reload();
  await page.getByRole('tab', { name: 'Notifications' }).click();
  await expect(page.getByLabel('Every (minutes)')).toHaveValue('15');
  await expect(page.getByLabel('Quiet until')).toHaveValue('06:30');
});

// Decisions 254 and 255: a medicine's own follow-ups in its form, beside the user's default.
test('medicine form: a custom follow-up cadence is saved and kept after a reload', async ({
  page,
  request,
}) => {
  const account = await createAccount(request);
  const api = await AccountApi.signIn(request, account);
  await api.saveFollowUps({ everyMinutes: 15, times: 2 });
  await logIn(page, account);
  await page.goto('/add-medicine');
  await fillMedicineForm(page, ASPIRIN);
  const followUps = page.getByRole('group', { name: 'Reminder follow-ups' });
  // The user's own default, in words.
  await expect(
    followUps.getByRole('radio', { name: 'Use my default (every 15 min, up to 2 times)' }),
  ).toBeChecked();
  await followUps.getByRole('radio', { name: 'Custom' }).check();
  await expect(page.getByLabel('Every (minutes)')).toHaveValue('15');
  await page.getByLabel('Every (minutes)').fill('70');
  await page.getByLabel('Up to (times)').selectOption('1');
  await page.getByRole('button', { name: 'Add Medicine' }).click();
  await expect(page.getByText('Follow-up interval must be at most 60.')).toBeVisible();
  await page.getByLabel('Every (minutes)').fill('5');
  await captureScreen(page, 'medicine-follow-ups-form');
  await page.getByRole('button', { name: 'Add Medicine' }).click();
  await expectToast(page, 'Aspirin has been added successfully!');
  const [saved] = await api.medicines();
  expect(saved?.followUps).toEqual({ everyMinutes: 5, times: 1 });

  // The list notes it; the edit form opens on it after a fresh load.
  await page.goto('/medication');
  await page.reload();
  await expect(page.getByText('Follow-ups: every 5 min, up to 1 time').first()).toBeVisible();
  await captureScreen(page, 'medicine-follow-ups-list');
  await page.getByRole('link', { name: 'Edit Aspirin' }).first().click();
  await page.reload();
  await expect(page.getByRole('radio', { name: 'Custom' })).toBeChecked();
  await expect(page.getByLabel('Every (minutes)')).toHaveValue('5');
  await expect(page.getByLabel('Up to (times)')).toHaveValue('1');
});

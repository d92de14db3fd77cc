import { createAccount, logIn } from './support/accounts';
import { expect, test } from './support/fixtures';
import { ASPIRIN, atTenUtc, confirm, expectToast, fillMedicineForm } from './support/journey';
import { captureScreen } from './support/screens';

test.use({ serviceWorkers: 'block' });
test.beforeEach(async ({ page }) => atTenUtc(page));

// Decision 212: a medicine with a time of its own is listed, and ticked, at that time.
test('a medicine with its own time: set in the form, shown and ticked on the dashboard at that time', async ({
  page,
  request,
}) => {
  await logIn(page, await createAccount(request));
  await page.goto('/add-medicine');
  await fillMedicineForm(page, { ...ASPIRIN, name: 'Levothyroxine', dosage: '50 mcg', frequency: '1-0-0' });
  await page.getByRole('radio', { name: 'Set times for this medicine' }).check();
  const own = page.getByRole('group', { name: 'Times for this medicine' });
  // It starts from the usual time chosen (Morning, 8:00 AM); the user moves it to 10:30.
  await expect(own.getByLabel('Time 1')).toHaveValue('08:00');
  await own.getByLabel('Time 1').fill('10:30');
  await expect(page.getByTestId('add-preview').getByRole('listitem').first()).toContainText('10:30 AM');
  await captureScreen(page, 'own-times-form');

  await page.getByRole('button', { name: 'Add Medicine' }).click();
  await expectToast(page, 'Levothyroxine has been added successfully!');

  // Its own card at 10:30 (two Morning cards, told apart by their times: decision 192); the
  // default Morning slot at 8:00 does not list it.
  const card = page.getByTestId('dose-time-1030');
  await expect(card.getByRole('heading')).toHaveText('Morning · 10:30 AM');
  await expect(card).toContainText('Levothyroxine');
  await expect(card).toContainText('Upcoming');
  await expect(page.getByTestId('dose-slot-0')).not.toContainText('Levothyroxine');
  await captureScreen(page, 'own-times-dashboard');

  // 10:00 is within the hour before 10:30 (decision 190): it may be ticked now.
  await card.getByRole('button', { name: 'Levothyroxine, Morning · 10:30 AM dose taken' }).click();
  await confirm(page, 'Are you sure you want to mark "Levothyroxine" as taken?', 'Yes, mark it!');
  await expectToast(page, 'Levothyroxine marked as taken!');
  await expect(card).toContainText('Completed');
  // Saved at its own slot: a fresh load still shows it taken.
  await page.reload();
  await expect(page.getByTestId('dose-time-1030')).toContainText('Completed');

  // The edit form opens on the medicine's own time.
  await page.goto('/medication');
  await page.getByRole('link', { name: 'Edit Levothyroxine' }).click();
  await expect(page.getByRole('radio', { name: 'Set times for this medicine' })).toBeChecked();
  await expect(page.getByRole('group', { name: 'Times for this medicine' }).getByLabel('Time 1')).toHaveValue(
    '10:30',
  );
});

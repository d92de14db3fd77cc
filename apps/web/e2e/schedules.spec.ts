import { createAccount, logIn } from './support/accounts';
import { AccountApi } from './support/api';
import { expect, test } from './support/fixtures';
import {
  ASPIRIN,
  atLocalTime,
  atTenUtc,
  confirm,
  expectToast,
  fillMedicineForm,
  todayIn,
  todayUtc,
} from './support/journey';
import { captureScreen } from './support/screens';

const NEW_YORK = 'America/New_York';

test.use({ serviceWorkers: 'block' });
// The New York tests run at 05:00 on New York's own date (see atLocalTime), the others at 10:00 UTC.
test.beforeEach(async ({ page, timezoneId }) =>
  timezoneId === NEW_YORK ? atLocalTime(page, NEW_YORK, '05:00') : atTenUtc(page),
);

const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];
const weekdayOf = (offsetDays: number) =>
  WEEKDAYS[new Date(Date.parse(`${todayUtc()}T00:00:00Z`) + offsetDays * 86_400_000).getUTCDay()]!;

test('a weekday medicine: the preview shows its days, the dashboard lists it only on them', async ({
  page,
  request,
}) => {
  await logIn(page, await createAccount(request));
  await page.goto('/add-medicine');
  await fillMedicineForm(page, { ...ASPIRIN, name: 'Methotrexate', frequency: '1-0-0' });
  await page.getByLabel('How is it taken?').selectOption({ label: 'On chosen days of the week' });
  const days = page.getByRole('group', { name: 'Days of the week' });
  // Only tomorrow's weekday: today has no dose.
  await days.getByLabel('Monday').setChecked(false);
  await days.getByLabel(weekdayOf(1)).setChecked(true);

  const preview = page.getByTestId('add-preview').getByRole('listitem');
  await expect(preview).toHaveCount(7);
  await expect(preview.nth(0)).toContainText('No doses');
  await expect(preview.nth(1)).toContainText('8:00 AM');
  await expect(preview.nth(6)).toContainText('No doses');
  await expect(preview.nth(7 - 1)).not.toContainText('8:00 AM');
  await captureScreen(page, 'schedule-form-weekdays');

  await page.getByRole('button', { name: 'Add Medicine' }).click();
  await expectToast(page, 'Methotrexate has been added successfully!');
  // Today is not one of its days: the morning card does not list it, so it is not "Missed".
  const morning = page.getByTestId('dose-slot-0');
  await expect(morning).toContainText('No medicines in this slot.');
  await expect(morning).not.toContainText('Missed');
});

test("a daily course added after today's morning dose: the preview marks it past and counts the course from now", async ({
  page,
  request,
}) => {
  // 10:00 UTC (the account's zone): the 8:00 AM dose came before the medicine is added (decisions 187, 247).
  await logIn(page, await createAccount(request));
  await page.goto('/add-medicine');
  await fillMedicineForm(page, { ...ASPIRIN, name: 'Amoxicillin', frequency: '1-0-1', totalDays: 7 });
  const preview = page.getByTestId('add-preview').getByRole('listitem');
  await expect(preview.nth(0)).toContainText('8:00 AM (already past)');
  await expect(preview.nth(1)).not.toContainText('already past');
  await expect(page.getByTestId('add-last-dose')).toContainText(
    "13 doses from now: today's 8:00 AM dose is already past; tick it on the dashboard if you took it",
  );
  await captureScreen(page, 'schedule-form-course-from-now');
});

test('as needed: Take now, a refusal with its reason and time, and an override on confirmation', async ({
  page,
  request,
  consoleErrors,
}) => {
  await logIn(page, await createAccount(request));
  await page.goto('/add-medicine');
  await fillMedicineForm(page, { ...ASPIRIN, name: 'Ibuprofen' });
  await page.getByLabel('How is it taken?').selectOption({ label: 'Only when needed' });
  await expect(page.getByRole('group', { name: 'Dose times' })).toBeHidden();
  await page.getByLabel('Most doses in 24 hours').fill('4');
  await page.getByLabel('Hours at least between doses').fill('4');
  await expect(
    page.getByText('Taken only when needed: never reminded, never counted as missed.'),
  ).toBeVisible();
  await page.getByRole('button', { name: 'Add Medicine' }).click();
  await expectToast(page, 'Ibuprofen has been added successfully!');

  const card = page.getByRole('region', { name: /Ibuprofen/ });
  await expect(card).toContainText('At most 4 in 24 hours, at least 4 hours apart.');
  await expect(card).toContainText('Taken today: none');
  await card.getByRole('button', { name: 'Take now' }).click();
  await expectToast(page, 'Ibuprofen marked as taken!');
  await expect(card).not.toContainText('Taken today: none');

  // A second dose at once is refused on the device, by the server's rule and in its words, before
  // anything is sent (decision 218): why, and from when.
  const sent: string[] = [];
  page.on('request', (r) => {
    if (r.url().includes('takeAsNeeded') || /\/as-needed$/.test(new URL(r.url()).pathname))
      sent.push(r.url());
  });
  await card.getByRole('button', { name: 'Take now' }).click();
  const dialog = page.getByRole('alertdialog');
  await expect(dialog).toContainText(
    'Ibuprofen is limited to at least 4 hours apart. The next dose is allowed at',
  );
  await expect(card.getByRole('alert')).toContainText('The next dose is allowed at');
  expect(sent).toEqual([]);
  expect(consoleErrors.splice(0)).toEqual([]);
  await captureScreen(page, 'as-needed-refusal');
  await confirm(page, 'Record this dose anyway?', 'Yes, record it anyway');
  await expectToast(page, 'Ibuprofen marked as taken!');
  await expect(card).toContainText('(over the limit)');
  await expect(card.getByRole('alert')).toHaveCount(0);
  await captureScreen(page, 'dashboard-as-needed');

  // The report a doctor reads shows the doses and the one past a limit.
  await page.getByRole('link', { name: 'Reports' }).click();
  const asNeeded = page.getByRole('table', { name: /Doses taken when needed/ });
  await expect(asNeeded.getByRole('row', { name: /Ibuprofen/ })).toHaveText(/Ibuprofen\s*2\s*1/);
  await captureScreen(page, 'reports-as-needed');
});

test("a tapering plan: steps in the form, their doses in the preview, today's step on the dashboard", async ({
  page,
  request,
}) => {
  await logIn(page, await createAccount(request));
  await page.goto('/add-medicine');
  await fillMedicineForm(page, {
    ...ASPIRIN,
    name: 'Prednisone',
    dosage: '10 mg tablets',
    frequency: '1-0-0',
  });
  await page.getByLabel('How is it taken?').selectOption({ label: 'A tapering dose, step by step' });
  await page.getByLabel('Step 1: dose').fill('40 mg');
  await page.getByLabel('Step 1: days').fill('2');
  await page.getByLabel('Step 1: pills per dose').fill('4');
  await page.getByRole('button', { name: 'Add step' }).click();
  await page.getByLabel('Step 2: dose').fill('20 mg');
  await page.getByLabel('Step 2: days').fill('2');
  await page.getByLabel('Step 2: pills per dose').fill('2');
  const preview = page.getByTestId('add-preview').getByRole('listitem');
  await expect(preview.nth(1)).toContainText('8:00 AM (40 mg)');
  await expect(preview.nth(2)).toContainText('8:00 AM (20 mg)');
  await expect(preview.nth(4)).toContainText('No doses');
  // The course is the steps: the total duration follows them, and the course's doses with it.
  const totalDuration = page.getByLabel('Total Duration (days)');
  await expect(totalDuration).toHaveValue('4');
  await expect(totalDuration).toHaveJSProperty('readOnly', true);
  // The pills the steps take (decision 186): 2 days of 4 and 2 days of 2, one dose a day.
  await expect(page.getByText(/Pills for the whole course:\s*12/)).toBeVisible();
  await captureScreen(page, 'schedule-form-taper');
  await page.getByRole('button', { name: 'Add Medicine' }).click();
  await expectToast(page, 'Prednisone has been added successfully!');
  await expect(page.getByTestId('dose-slot-0')).toContainText('40 mg · 4 pills');
});

test.describe('every N hours, in New York', () => {
  // The device's zone is the saved one, so the app has no zone switch to offer.
  test.use({ timezoneId: NEW_YORK });

  test('the preview keeps 8 real hours across the spring-forward night and says so', async ({
    page,
    request,
  }) => {
    await logIn(page, await createAccount(request, { timezone: NEW_YORK }));
    await page.goto('/add-medicine');
    await fillMedicineForm(page, { ...ASPIRIN, name: 'Amoxicillin', frequency: '1-0-0' });
    await page.getByLabel('How is it taken?').selectOption({ label: 'Every few hours' });
    await page.getByLabel('Hours between doses').fill('8');
    await page.getByLabel('First dose at').fill('00:00');
    // Clocks go forward at 02:00 on Sunday 14 March 2027.
    await page.getByLabel('Start Date', { exact: true }).fill('2027-03-13');
    const preview = page.getByTestId('add-preview').getByRole('listitem');
    await expect(preview.nth(0)).toContainText('Sat, Mar 13');
    await expect(preview.nth(0)).toContainText('12:00 AM, 8:00 AM, 4:00 PM');
    await expect(preview.nth(1)).toContainText('12:00 AM, 9:00 AM, 5:00 PM');
    await expect(
      page.getByText(/The clocks change in this period: doses stay the same number of real hours apart/),
    ).toBeVisible();
    await captureScreen(page, 'schedule-form-interval');
  });

  test('the dashboard has a card per dose of the day, ticked like a slot', async ({ page, request }) => {
    const account = await createAccount(request, { timezone: NEW_YORK });
    const api = await AccountApi.signIn(request, account);
    await api.addMedicine({ ...ASPIRIN, name: 'Amoxicillin' }, todayIn(NEW_YORK), {
      kind: 'interval',
      everyHours: 6,
      startTime: '00:00',
    });
    await logIn(page, account);
    // 05:00 in New York: the midnight dose has passed, the 6 AM one not yet (but inside the
    // take-early hour, decision 190), the noon one is hours away.
    const midnight = page.getByRole('button', { name: 'Amoxicillin, 12:00 AM dose taken' });
    const six = page.getByRole('button', { name: 'Amoxicillin, 6:00 AM dose taken' });
    const noon = page.getByRole('button', { name: 'Amoxicillin, 12:00 PM dose taken' });
    await expect(page.getByRole('button', { name: /^Amoxicillin, .* dose taken$/ })).toHaveCount(4);
    await noon.click({ force: true });
    await expect(page.getByText('Available after scheduled time')).toBeVisible();
    await midnight.click();
    await confirm(page, 'Are you sure you want to mark "Amoxicillin" as taken?', 'Yes, mark it!');
    await expectToast(page, 'Amoxicillin marked as taken!');
    await expect(midnight).toHaveAttribute('aria-pressed', 'true');
    await captureScreen(page, 'dashboard-interval');
    await page.reload();
    await expect(midnight).toHaveAttribute('aria-pressed', 'true');
    await expect(six).toHaveAttribute('aria-pressed', 'false');
  });
});

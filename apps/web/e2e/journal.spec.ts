import { createAccount, logIn } from './support/accounts';
import { AccountApi } from './support/api';
import { expect, test } from './support/fixtures';
import { atTenUtc, expectToast } from './support/journey';
import { PHONE, captureScreen } from './support/screens';
import { suiteNow } from './support/server-clock';

/** A UTC instant's time of day as the app writes it ('8:05 PM'). */
function time12h(at: number): string {
  const [hours, minutes] = new Date(at).toISOString().slice(11, 16).split(':').map(Number) as [
    number,
    number,
  ];
  return `${hours % 12 || 12}:${String(minutes).padStart(2, '0')} ${hours < 12 ? 'AM' : 'PM'}`;
}

/**
 * The health journal (issue 56): a person with hypertension opens the journal from the phone menu,
 * logs a blood pressure reading, a symptom suspected of their lisinopril and the day's mood, and
 * sees the reading on the chart beside the lisinopril doses, and in the chart's table; axe-clean
 * and looked at at 390 and 1280 px.
 */
test('a reading and a symptom, seen on the chart and in its table', async ({ page, request }) => {
  const account = await createAccount(request, { name: 'Ada Lovelace' });
  const api = await AccountApi.signIn(request, account);
  await api.addMedicine({
    name: 'Lisinopril',
    dosage: '10mg',
    frequency: '1-0-0',
    totalDays: 90,
    supplyDays: 30,
    totalPills: 30,
    pillsPerDose: 1,
  });
  await logIn(page, account);

  await page.setViewportSize(PHONE);
  await page.getByRole('button', { name: 'Open menu' }).click();
  await page.getByRole('link', { name: 'Journal' }).click();
  await expect(page.getByRole('heading', { name: 'Health journal', level: 1 })).toBeVisible();

  // A refusal names its field and nothing is saved.
  await page.getByLabel('Systolic (mmHg)').fill('80');
  await page.getByLabel('Diastolic (mmHg)').fill('90');
  await page.getByRole('button', { name: 'Save reading' }).click();
  // The field's own alert: the sign-in's "Welcome back" toast may still be an alert on the page.
  await expect(page.getByRole('alert').filter({ hasText: 'systolic' })).toHaveText(
    'The systolic (upper) number must be above the diastolic.',
  );

  await page.getByLabel('Systolic (mmHg)').fill('128');
  await page.getByLabel('Diastolic (mmHg)').fill('82');
  await page.getByLabel('Pulse (beats/min), optional').fill('64');
  await page.getByRole('button', { name: 'Save reading' }).click();
  await expectToast(page, 'Blood pressure 128/82 saved.');

  await page.getByLabel('Symptom', { exact: true }).selectOption('Dizziness');
  await page.getByRole('radio', { name: '2 Mild' }).check();
  await page.getByLabel('Suspected medicine, optional').selectOption('Lisinopril');
  await page.getByRole('button', { name: 'Save symptom' }).click();
  await expectToast(page, 'Dizziness saved.');

  await page.getByRole('button', { name: 'Good', exact: true }).click();
  await expect(page.getByRole('button', { name: 'Good', exact: true })).toHaveAttribute(
    'aria-pressed',
    'true',
  );

  // Sent through the write queue and answered by the server: the server's own wording.
  const recent = page.getByRole('region', { name: 'Recent entries' });
  await expect(recent.getByText('Blood pressure 128/82 mmHg, pulse 64')).toBeVisible();
  await expect(recent.getByText('Dizziness, mild (2 of 5)')).toBeVisible();
  await expect(recent.getByText('waiting to sync')).toHaveCount(0);

  // The chart of the last 2 weeks, with lisinopril on the same axis, and its table.
  const charts = page.getByRole('region', { name: 'Charts' });
  await expect(charts.getByLabel('Medicine on the same chart')).toHaveValue(/.+/);
  await expect(charts.locator('[data-line="systolic"] circle')).toHaveCount(1);
  await charts.locator('details').first().locator('summary').click();
  const table = charts.getByRole('table', { name: /^Blood pressure, last 2 weeks/ });
  await expect(table.getByRole('columnheader', { name: 'Lisinopril that day' })).toBeVisible();
  await expect(table.getByRole('row', { name: /128 82 (\d of \d taken|none due)$/ })).toBeVisible();
  await charts.locator('details').nth(1).locator('summary').click();
  await expect(
    charts
      .getByRole('table', { name: /^Symptoms and mood/ })
      .getByRole('row', { name: /Dizziness 2 of 5 Suspected: Lisinopril/ }),
  ).toBeVisible();

  await captureScreen(page, 'journal');
});

/**
 * Decisions 331 and 346: an own measurement added, then a reminder to measure blood pressure in
 * the morning and in a minute or so, set on the journal screen; the app server's engine fires it
 * (the account's zone is UTC), the bell lists it and a tap opens the reading's page, where the
 * reading is typed and saved, which settles the reminder ("two taps"): the page asks nothing more
 * and the server says that time is answered. The push's and the mail's link are the same one,
 * checked in journal-reminders.test.ts.
 */
test('a measurement reminder settled from its page', async ({ page, request }) => {
  await atTenUtc(page);
  const account = await createAccount(request, { name: 'Ada Lovelace' });
  const api = await AccountApi.signIn(request, account);
  await logIn(page, account);
  await page.goto('/journal');
  // An own measurement (issue 56: name, unit, range), refused at its field until its range holds.
  await page.getByText('Your own measurements', { exact: true }).click();
  const own = page.getByRole('form', { name: 'Your own measurement' });
  await own.getByLabel('Name').fill('Waist');
  await own.getByLabel('Unit, optional').fill('cm');
  await own.getByLabel('Lowest possible').fill('30');
  await own.getByLabel('Highest possible').fill('20');
  await own.getByRole('button', { name: 'Add this measurement' }).click();
  await expect(own.getByRole('alert')).toHaveText('The highest value must be above the lowest.');
  await own.getByLabel('Highest possible').fill('250');
  await own.getByRole('button', { name: 'Add this measurement' }).click();
  await expectToast(page, 'Waist added.');

  await page.getByText('Reminders to measure', { exact: true }).click();
  const form = page.getByRole('form', { name: 'Reminder to measure' });
  await expect(form.getByLabel('Measurement').getByRole('option', { name: 'Waist' })).toBeAttached();
  await form.getByLabel('Measurement').selectOption('Blood pressure');
  await form.getByLabel('Time 1').fill('08:00');
  await form.getByRole('button', { name: 'Add a time' }).click();
  // The first whole minute at least 20 s ahead on the app server's clock: time to save it first.
  const dueAt = Math.ceil((suiteNow().getTime() + 20_000) / 60_000) * 60_000;
  await form.getByLabel('Time 2', { exact: true }).fill(new Date(dueAt).toISOString().slice(11, 16));
  await form.getByRole('button', { name: 'Save reminder' }).click();
  await expectToast(page, 'Reminder saved.');
  await expect(page.getByRole('list', { name: 'Your reminders to measure' })).toHaveText(
    `Blood pressure: 8:00 AM and ${time12h(dueAt)}, every day`,
  );
  await captureScreen(page, 'journal-reminders');

  // Tap 1: the reminder in the bell (it arrives down the live stream, at most about 80 s from now).
  const bell = page.getByRole('button', { name: /^Notifications/ });
  await expect(bell).toHaveAccessibleName(/unread/, { timeout: 100_000 });
  await bell.click();
  await page
    .getByRole('button', { name: /^Unread: Time to measure: Blood pressure\. .*Enter reading$/ })
    .click();
  const dueIso = new Date(dueAt).toISOString();
  await expect(page).toHaveURL(
    (url) =>
      url.pathname === '/journal' &&
      url.searchParams.get('measure') === 'blood-pressure' &&
      url.searchParams.get('due') === dueIso,
  );
  await expect(page.getByRole('heading', { name: 'Blood pressure reading', level: 1 })).toBeVisible();
  // Opened from the bell: its in-page notice, shown when it arrived, has gone too.
  await expect(page.locator('.Toastify__toast').filter({ hasText: 'Time to measure' })).toHaveCount(0);
  // The page's own word (the push prompt below is a status too).
  const status = page
    .getByRole('main')
    .getByRole('status')
    .filter({ hasText: /^(Due|Recorded|Saved)/ });
  await expect(status).toHaveText(`Due at ${time12h(dueAt)}: not recorded yet.`);
  await expect(page.getByLabel('Type')).toBeDisabled();
  await captureScreen(page, 'journal-measure');
  // Tap 2 (after typing the numbers): save.
  await page.getByLabel('Systolic (mmHg)').fill('131');
  await page.getByLabel('Diastolic (mmHg)').fill('84');
  await page.getByRole('button', { name: 'Save reading' }).click();
  await expect(status).toHaveText(/^Recorded at 10:\d\d AM\. Nothing more is needed for this reminder\.$/);
  await expect(page.getByRole('button', { name: 'Save reading' })).toHaveCount(0);
  expect(await api.measurementReminders()).toMatchObject([
    { type: 'blood-pressure', latest: { time: new Date(dueAt).toISOString().slice(11, 16), settled: true } },
  ]);
  await captureScreen(page, 'journal-measure-recorded');
});

import { addDays } from '@medrem/domain';
import { createAccount, logIn } from './support/accounts';
import { AccountApi } from './support/api';
import { expect, test } from './support/fixtures';
import { ASPIRIN } from './support/journey';
import { captureScreen } from './support/screens';
import { hhmm, serverDay } from './support/server-day';

test.use({ serviceWorkers: 'block' });

// Decision 225: a dose skipped from the dashboard with a reason reads "Skipped — reason", is never
// Missed, survives a reload (the server has it) and can be taken back.
test('a dose is skipped from the dashboard with a reason, and the skip taken back', async ({
  page,
  request,
}) => {
  const { today: serverToday, minutes: now } = await serverDay(request);
  test.skip(now < 90 || now > 24 * 60 - 60, 'needs the dose times inside one UTC day');
  const account = await createAccount(request);
  const api = await AccountApi.signIn(request, account);
  // Slot 0 is past its missed-dose time: without the skip the card would read Missed.
  await api.saveDefaultReminderTimes([hhmm(now - 80), hhmm(now + 30), hhmm(Math.min(now + 50, 24 * 60 - 1))]);
  await api.addMedicine(ASPIRIN, addDays(serverToday, -1));
  await logIn(page, account);

  const card = page.getByTestId('dose-slot-0');
  await expect(card).toContainText('Missed');
  await card.getByRole('button', { name: /^Skip Aspirin, .* dose$/ }).click();
  const form = card.getByRole('group', { name: /Skip Aspirin, .* dose\? Why:/ });
  await form.getByRole('radio', { name: "Doctor's advice" }).check();
  await card.getByLabel('Note (optional)').fill('blood test tomorrow');
  // The full-page capture keeps the sticky header where the page was scrolled: from the top, it
  // covers nothing.
  await page.evaluate(() => window.scrollTo(0, 0));
  await captureScreen(page, 'dose-skip-form');
  await card.getByRole('button', { name: 'Skip dose' }).click();

  await expect(card.getByTestId('dose-skipped')).toHaveText(/Skipped — Doctor's advice: blood test tomorrow/);
  await expect(card).toContainText('Skipped');
  await expect(card).not.toContainText('Missed');
  // The tick stays: taking the dose after all is one press away.
  await expect(card.getByRole('button', { name: /Aspirin, .* dose taken/ })).toHaveAttribute(
    'aria-pressed',
    'false',
  );
  await page.evaluate(() => window.scrollTo(0, 0));
  await captureScreen(page, 'dose-skipped');

  // The server has it: a reload shows it the same.
  await page.reload();
  await expect(card.getByTestId('dose-skipped')).toContainText("Skipped — Doctor's advice");

  await card.getByRole('button', { name: /^Undo skipping Aspirin/ }).click();
  await expect(card.getByTestId('dose-skipped')).toHaveCount(0);
  await expect(card).toContainText('Missed');
});

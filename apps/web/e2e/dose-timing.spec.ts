import { addDays } from '@medrem/domain';
import { createAccount, logIn } from './support/accounts';
import { AccountApi } from './support/api';
import { expect, test } from './support/fixtures';
import { ASPIRIN, confirm } from './support/journey';
import { captureScreen } from './support/screens';
import { hhmm, serverDay } from './support/server-day';

test.use({ serviceWorkers: 'block' });

// Decisions 190-192 on the real clock (the server judges the take-early window by its own): a dose
// 20 minutes past is Due, one 30 minutes ahead can be taken early, and says when it was taken.
test('a dose is Due after its time, can be taken early, and says when it was taken', async ({
  page,
  request,
}) => {
  const { today: serverToday, minutes: now } = await serverDay(request);
  test.skip(now < 30 || now > 24 * 60 - 60, 'needs the three dose times inside one UTC day');
  const [past, soon] = [now - 20, now + 30];
  const account = await createAccount(request);
  const api = await AccountApi.signIn(request, account);
  await api.saveDefaultReminderTimes([hhmm(past), hhmm(soon), hhmm(Math.min(now + 50, 24 * 60 - 1))]);
  await api.addMedicine(ASPIRIN, addDays(serverToday, -1));
  await logIn(page, account);

  const due = page.getByTestId('dose-slot-0');
  const early = page.getByTestId('dose-slot-1');
  await expect(due).toContainText('Due');
  await expect(due).toContainText('1 pill');
  await expect(due).not.toContainText('pill(s)');
  await expect(page.getByTestId('dose-slot-2')).toContainText('No doses');

  // 30 minutes before its time, inside the default 60-minute window: it can be taken.
  const tick = early.getByRole('button', { name: /Aspirin, .* dose taken/ });
  await tick.click();
  await confirm(page, 'Are you sure you want to mark "Aspirin" as taken?', 'Yes, mark it!');
  await expect(tick).toHaveAttribute('aria-pressed', 'true');
  await expect(early).toContainText('Completed');
  // The server's instant, once it has it (the dashboard refetches after the sync).
  const change = early.getByRole('button', { name: /Change when Aspirin was taken/ });
  await expect(change).toBeVisible({ timeout: 15_000 });
  await captureScreen(page, 'dose-taken-at');

  await change.click();
  await early.getByLabel('Aspirin taken at').fill(hhmm(now - 5));
  await early.getByRole('button', { name: 'Save' }).click();
  await expect(early.getByRole('button', { name: /Change when Aspirin was taken/ })).toBeVisible();
  await captureScreen(page, 'dose-taken-at-corrected');
});

// Decisions 316, 317: a missed dose postponed from its card (+30 min) reads "Postponed to …" and is
// no longer Missed, the server has it after a reload, and taking it back offline goes through the
// write queue once the device is back online.
test('a dose is postponed from its card to later today, and taken back offline', async ({
  page,
  context,
  request,
}) => {
  const { today: serverToday, minutes: now } = await serverDay(request);
  test.skip(now < 90 || now > 24 * 60 - 60, 'needs the dose times and +30 min inside one UTC day');
  const account = await createAccount(request);
  const api = await AccountApi.signIn(request, account);
  // Slot 0 is past its missed-dose time: postponed, it is judged at its new time.
  await api.saveDefaultReminderTimes([hhmm(now - 80), hhmm(now + 40), hhmm(Math.min(now + 50, 24 * 60 - 1))]);
  await api.addMedicine(ASPIRIN, addDays(serverToday, -1));
  await logIn(page, account);

  const card = page.getByTestId('dose-slot-0');
  await expect(card).toContainText('Missed');
  await card.getByRole('button', { name: /^Postpone Aspirin, .* dose$/ }).click();
  const form = card.getByRole('form', { name: /Postpone Aspirin, .* dose to a later time today/ });
  await expect(form.getByLabel('Another time today')).toBeVisible();
  await page.evaluate(() => window.scrollTo(0, 0));
  await captureScreen(page, 'dose-postpone-form');
  // A time earlier than the plan is refused on the spot, nothing sent.
  await form.getByLabel('Another time today').fill(hhmm(now - 85));
  await form.getByRole('button', { name: 'Postpone dose' }).click();
  await expect(form.getByRole('alert')).toContainText('later than the dose');
  await form.getByRole('button', { name: /^\+30 min/ }).click();

  const postponed = card.getByTestId('dose-postponed');
  await expect(postponed).toHaveText(/^Postponed to \d{1,2}:\d{2} [AP]M$/);
  await expect(card).not.toContainText('Missed');
  await page.evaluate(() => window.scrollTo(0, 0));
  await captureScreen(page, 'dose-postponed');

  // The server has it: a reload shows it the same.
  await page.reload();
  await expect(card.getByTestId('dose-postponed')).toBeVisible();

  // Offline, taking it back is kept on the device and shown at once; sent when back online.
  await context.setOffline(true);
  await card.getByRole('button', { name: /^Undo postponing Aspirin/ }).click();
  await expect(card.getByTestId('dose-postponed')).toHaveCount(0);
  await expect(card).toContainText('Missed');
  await context.setOffline(false);
  await expect(page.getByText('Your offline change is synced.')).toBeVisible({ timeout: 20_000 });
  await page.reload();
  await expect(card).toContainText('Missed');
  await expect(card.getByTestId('dose-postponed')).toHaveCount(0);
});

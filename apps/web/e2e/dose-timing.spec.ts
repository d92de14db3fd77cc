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

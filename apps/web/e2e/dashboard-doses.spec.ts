import { createAccount, logIn } from './support/accounts';
import { AccountApi } from './support/api';
import { expect, test } from './support/fixtures';
import { addDays } from '@medrem/domain';
import { ASPIRIN, METFORMIN, atTenUtc, confirm, expectToast, todayUtc } from './support/journey';
import { captureScreen } from './support/screens';

test.use({ serviceWorkers: 'block' });
const YESTERDAY = addDays(todayUtc(), -1);
test.beforeEach(async ({ page }) => atTenUtc(page));

test('an empty dashboard greets the user by first name', async ({ page, request }) => {
  await logIn(page, await createAccount(request, { name: 'Ada Lovelace' }));
  await page.getByRole('link', { name: 'Home' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Good Morning, Ada');
  await expect(page.getByText("Here's your medications overview today!")).toBeVisible();
  await expect(page.getByText(/You have no medicines to take now/)).toBeVisible();
  await expect(page.getByText('No refills needed at this time.')).toBeVisible();
  await captureScreen(page, 'dashboard-empty');
});

test('dose slots: a slot not reached explains, a past one asks and records', async ({ page, request }) => {
  const account = await createAccount(request);
  const api = await AccountApi.signIn(request, account);
  // Started yesterday: today's morning dose was owed (one started today, added after 08:00, was not:
  // the next test).
  await api.addMedicine(ASPIRIN, YESTERDAY); // 1-1-0
  await api.addMedicine(METFORMIN, YESTERDAY); // 1-0-1
  await logIn(page, account);

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

  // Saved, not only shown: a fresh load shows both morning doses taken.
  await page.reload();
  await expect(morning).toContainText('Completed');
  await expect(morning.getByRole('button', { name: 'Metformin, Morning dose taken' })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
});

test('a medicine added today after its morning time: the morning card is Not due, and a tick still counts (decision 187)', async ({
  page,
  request,
}) => {
  const account = await createAccount(request);
  const api = await AccountApi.signIn(request, account);
  // Added now (the server's clock is 10:00 UTC or later), starting today: its 08:00 dose came
  // before it existed.
  await api.addMedicine(METFORMIN); // 1-0-1
  await logIn(page, account);

  const morning = page.getByTestId('dose-slot-0');
  await expect(morning).toContainText('Metformin');
  await expect(morning).toContainText('Not due');
  await expect(morning).toContainText('Before you added it: tick it if you took it.');
  await expect(morning).not.toContainText('Missed');
  await expect(morning).not.toContainText('Due');
  await captureScreen(page, 'dashboard-before-added');

  // Taken before the medicine was added: ticked, it counts.
  const tick = morning.getByRole('button', { name: 'Metformin, Morning dose taken' });
  await tick.click();
  await confirm(page, 'Are you sure you want to mark "Metformin" as taken?', 'Yes, mark it!');
  await expectToast(page, 'Metformin marked as taken!');
  await expect(tick).toHaveAttribute('aria-pressed', 'true');
  await expect(morning).toContainText('Completed');
  await expect(morning).not.toContainText('Before you added it');
  await page.reload();
  await expect(tick).toHaveAttribute('aria-pressed', 'true');
  await expect(morning).toContainText('Completed');
});

test('a signed-in start paints the dashboard from its page: one chunk, the answers in the HTML (decisions 059, 061)', async ({
  page,
  request,
}) => {
  const account = await createAccount(request);
  const api = await AccountApi.signIn(request, account);
  const aspirin = await api.addMedicine(ASPIRIN); // 1-1-0
  // The morning dose, taken at 09:00 (before the page's 10:00), so that the page can untick it below
  // whatever the real time (the server keeps the change made last, decision 070).
  await api.tickToday(aspirin, 0, `${todayUtc()}T09:00:00.000Z`);
  // A start with only the session cookie (nothing saved on the device, whose answers a start would
  // show without asking): signed in through the API, its cookie handed to the browser.
  const login = await request.post('/trpc/auth.login', {
    data: { email: account.email, password: account.password, timezone: 'UTC' },
  });
  expect(login.ok(), await login.text()).toBe(true);
  await page.context().addCookies((await request.storageState()).cookies);
  const scripts: string[] = [];
  const calls: string[] = [];
  page.on('request', (r) => {
    const path = new URL(r.url()).pathname;
    if (path.startsWith('/assets/') && path.endsWith('.js')) scripts.push(path);
    if (path.startsWith('/trpc/')) calls.push(...path.slice('/trpc/'.length).split(','));
    // A tick is sent from the device's queue of writes, through the REST path (decision 070).
    if (/^\/api\/medicine\/[^/]+\/dose$/.test(path)) calls.push('dose');
  });
  const response = await page.goto('/');
  expect(response?.headers()['cache-control']).toBe('private, no-store');
  const morning = page.getByTestId('dose-slot-0');
  await expect(morning).toContainText('Aspirin');
  // Today's taken dose, from the page's answers.
  await expect(morning.getByRole('button', { name: 'Aspirin, Morning dose taken' })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  // Read, then taken out of the page.
  await expect(page.locator('#dashboard-start')).toHaveCount(0);
  await captureScreen(page, 'dashboard-from-its-page');
  // The page sent to a session names the signed-in start's chunk, fetched beside the entry.
  const named = await page
    .locator('link[rel="modulepreload"]')
    .evaluateAll((links) => links.map((l) => new URL((l as HTMLLinkElement).href).pathname));
  expect(
    named.some((path) => /^\/assets\/signed-in-[^/]*\.js$/.test(path)),
    named.join(' '),
  ).toBe(true);
  // Before decision 059 this start fetched 40-odd files. Now: the entry, the install offer, the
  // signed-in start, and what loads on idle (the service worker's registration, toasts, dialogs, and
  // the card about this device's reminders, decision 197, and the banner asking a new account to
  // verify its address, decision 208), and the texts of the page's language, English here (its
  // two catalogs, decision 361), with what puts them in the worker's cache; and, to a new account
  // that has not chosen, the offer of the simple screen, painted with the dashboard (decision 362).
  const expected =
    /^\/assets\/(index|install-offer|signed-in|workbox-window\.prod\.es5|unstyled|dialog-host\.component|device-push-(notice|status)\.component|verify-email-banner\.component|catalog-en-(start|app)|warm-offline-cache|simple-mode-choice\.component)-[^/]*\.js$/;
  expect(scripts.filter((path) => !expected.test(path))).toEqual([]);
  // One token request, and none of the answers the page brought is asked for again.
  const count = (procedure: string) => calls.filter((c) => c === procedure).length;
  expect(count('auth.token')).toBe(1);
  for (const answered of [
    'settings.get',
    'medicine.list',
    'medicine.refillReminders',
    'medicine.getTaken',
    'medicine.history',
  ]) {
    expect(count(answered), answered).toBe(0);
  }
  // The app works before and after its token arrived: a tick is recorded (a call refused for want
  // of a token would fail this test: every 4xx does).
  const tick = morning.getByRole('button', { name: 'Aspirin, Morning dose taken' });
  const recorded = page.waitForResponse((r) =>
    /^\/api\/medicine\/[^/]+\/dose$/.test(new URL(r.url()).pathname),
  );
  await tick.click();
  await expect(tick).toHaveAttribute('aria-pressed', 'false');
  expect((await recorded).ok()).toBe(true);
  expect(count('dose')).toBe(1);
  // Saved: the next page's answers have it.
  await page.reload();
  await expect(morning).toContainText('Aspirin');
  await expect(tick).toHaveAttribute('aria-pressed', 'false');
});

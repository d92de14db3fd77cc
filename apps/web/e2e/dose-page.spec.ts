import type { APIRequestContext } from '@playwright/test';
import { createAccount, logIn } from './support/accounts';
import { AccountApi } from './support/api';
import { doseLinkToken, suiteActionSecret } from './support/dose-link';
import { expect, test } from './support/fixtures';
import { METFORMIN, atTenUtc, todayUtc } from './support/journey';
import { captureScreen } from './support/screens';
import { suiteNow } from './support/server-clock';

test.use({ serviceWorkers: 'block' });
test.beforeEach(async ({ page }) => atTenUtc(page));

const EXPIRED = 'This reminder link has expired — open the app to record your dose.';
/** The server runs at 10:00 UTC or later (server-clock.ts): a link signed then lasts 4 hours. */
const linkExpiry = () => suiteNow().getTime() + 4 * 3_600_000;

/** A new account taking Metformin since yesterday, and the link of today's morning dose. */
async function metforminMorningLink(request: APIRequestContext) {
  const account = await createAccount(request);
  const api = await AccountApi.signIn(request, account);
  const yesterday = new Date(Date.parse(`${todayUtc()}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);
  const metformin = await api.addMedicine(METFORMIN, yesterday);
  const dose = { userId: account.id!, slot: 0, date: todayUtc() };
  return { api, metformin, token: doseLinkToken(suiteActionSecret(), dose, linkExpiry()) };
}

// Decision 241: the page a tap on a reminder opens, from the link's token alone.
test("dose page: a reminder's link shows the slot without a sign-in; Take all records the slot's doses", async ({
  page,
  request,
  consoleErrors,
}) => {
  const account = await createAccount(request);
  const api = await AccountApi.signIn(request, account);
  const yesterday = new Date(Date.parse(`${todayUtc()}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);
  const metformin = await api.addMedicine(METFORMIN, yesterday);
  const vitamin = await api.addMedicine(
    { ...METFORMIN, name: 'Vitamin D', dosage: '', frequency: '1-0-0', totalPills: 60, supplyDays: 60 },
    yesterday,
  );
  const dose = { userId: account.id!, slot: 0, date: todayUtc() };
  const token = doseLinkToken(suiteActionSecret(), dose, linkExpiry());

  await page.goto(`/dose?token=${token}`);
  await expect(page).toHaveTitle('Dose - Medicine Reminder');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Morning dose, 8:00 AM');
  const list = page.getByRole('list', { name: 'Medicines' });
  await expect(list.getByRole('listitem')).toHaveText([
    /Metformin \(850mg\)\s*Not taken yet/,
    /Vitamin D\s*Not taken yet/,
  ]);
  await expect(page.getByRole('button', { name: 'Snooze 10 min' })).toBeVisible();
  await captureScreen(page, 'dose-page');

  // Decision 343: Postpone from the link, without a sign-in; a time before the dose is refused on
  // the spot, +30 min moves both open doses.
  await page.getByRole('button', { name: 'Postpone…' }).click();
  const form = page.getByRole('form', { name: 'Postpone these doses to a later time today' });
  await form.getByLabel('Another time today').fill('07:30');
  await form.getByRole('button', { name: 'Postpone dose' }).click();
  await expect(form.getByRole('alert')).toContainText('later than the dose');
  await captureScreen(page, 'dose-page-postpone');
  await form.getByRole('button', { name: /^\+30 min/ }).click();
  await expect(page.getByRole('status').filter({ hasText: 'postponed to' })).toHaveText(
    /^Metformin, Vitamin D postponed to \d{1,2}:\d{2} [AP]M\.$/,
  );
  await expect(list.getByRole('listitem')).toHaveText([
    /Metformin \(850mg\)\s*Postponed to \d{1,2}:\d{2} [AP]M$/,
    /Vitamin D\s*Postponed to \d{1,2}:\d{2} [AP]M$/,
  ]);
  expect((await api.takenDayOf(metformin, todayUtc()))?.postponed?.[0]).toMatchObject({
    to: expect.stringMatching(/^\d{2}:\d{2}$/),
  });

  await page.getByRole('button', { name: 'Take all' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'marked as taken!' })).toHaveText(
    'Metformin, Vitamin D marked as taken!',
  );
  await expect(list.getByRole('listitem')).toHaveText([
    /Metformin \(850mg\)\s*Taken at \d{1,2}:\d{2} [AP]M$/,
    /Vitamin D\s*Taken at \d{1,2}:\d{2} [AP]M$/,
  ]);
  await expect(page.getByRole('button', { name: /Take/ })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Snooze 10 min' })).toHaveCount(0);
  // Opened again (the notification tapped a second time): the dose says it is done, and when.
  await page.reload();
  await expect(page.getByRole('status')).toHaveText(
    /^All taken at \d{1,2}:\d{2} [AP]M\. Nothing more is needed for this dose\.$/,
  );
  await expect(page.getByRole('button', { name: /Take|Snooze|Skip/ })).toHaveCount(0);
  await captureScreen(page, 'dose-page-taken');
  // Recorded on the server: the morning dose of each, the evening dose untouched.
  expect([await api.takenOn(metformin, todayUtc()), await api.takenOn(vitamin, todayUtc())]).toEqual([
    '1-0-0',
    '1-0-0',
  ]);

  // An expired link and a forged one say so, and offer the app.
  await page.goto(`/dose?token=${doseLinkToken(suiteActionSecret(), dose, suiteNow().getTime() - 60_000)}`);
  await expect(page.getByRole('alert')).toHaveText(EXPIRED);
  await expect(page.getByText('A reminder link works for a few hours after its reminder.')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Open the app' })).toBeVisible();
  await captureScreen(page, 'dose-page-expired');
  await page.goto(`/dose?token=${doseLinkToken('forged'.repeat(8), dose, linkExpiry())}`);
  await expect(page.getByRole('alert')).toHaveText(EXPIRED);
  // Those two refusals are the server's 401s and the browser's lines about them; nothing else.
  expect(consoleErrors.splice(0).filter((e) => !e.includes('401'))).toEqual([]);

  // Signed in, the link opens today's doses on the dashboard instead.
  await logIn(page, account);
  await page.goto(`/dose?token=${token}`);
  await expect(page).toHaveURL(/\/#today-doses-title$/);
  await expect(page.getByRole('heading', { name: /Today/ }).first()).toBeVisible();
});

// Decisions 225 and 241: Skip on the page, with the reason and note the person chooses.
test('dose page: Skip with a reason records the dose as skipped, not taken', async ({ page, request }) => {
  const { api, metformin, token } = await metforminMorningLink(request);

  await page.goto(`/dose?token=${token}`);
  await page.getByRole('button', { name: 'Skip…' }).click();
  await page.getByRole('radio', { name: 'Ran out' }).check();
  await page.getByLabel('Note (optional)').fill('Pharmacy opens at noon');
  await captureScreen(page, 'dose-page-skip');
  await page.getByRole('button', { name: 'Skip dose' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'skipped.' })).toHaveText('Metformin skipped.');
  await expect(page.getByRole('button', { name: 'Skip…' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Snooze 10 min' })).toHaveCount(0);
  const list = page.getByRole('list', { name: 'Medicines' });
  await expect(list.getByRole('listitem')).toHaveText([
    /Metformin \(850mg\)\s*Skipped — Ran out: Pharmacy opens at noon$/,
  ]);
  // Taking it after all stays possible.
  await expect(page.getByRole('button', { name: 'Take it anyway' })).toBeVisible();

  const day = await api.takenDayOf(metformin, todayUtc());
  expect(day?.taken.startsWith('0')).toBe(true);
  expect(day?.skipped?.[0]).toMatchObject({ reason: 'ran_out', note: 'Pharmacy opens at noon' });

  // Opened again (decision 259): the dose says it was skipped and why, and offers only the take.
  await page.reload();
  await expect(page.getByRole('status')).toHaveText(
    'Skipped (Ran out: Pharmacy opens at noon). Nothing more is needed, unless you take it after all.',
  );
  await expect(page.getByRole('button', { name: /Snooze|Skip/ })).toHaveCount(0);
  await captureScreen(page, 'dose-page-skipped');
  await page.getByRole('button', { name: 'Take it anyway' }).click();
  await expect(list.getByRole('listitem')).toHaveText([
    /Metformin \(850mg\)\s*Taken at \d{1,2}:\d{2} [AP]M$/,
  ]);
  await expect(page.getByRole('button', { name: /Take/ })).toHaveCount(0);
  expect(await api.takenOn(metformin, todayUtc())).toBe('1-0-0');
  expect((await api.takenDayOf(metformin, todayUtc()))?.skipped).toBeUndefined();
});

// Decision 260: a press made offline is kept on the device and sent once when back online.
test('dose page: Take while offline is saved on the device and sent once when back online', async ({
  page,
  request,
  context,
}) => {
  const { api, metformin, token } = await metforminMorningLink(request);
  const sent: string[] = [];
  page.on('request', (r) => {
    if (r.url().includes('/api/push/action') || r.url().includes('push.action'))
      sent.push(r.postData() ?? '');
  });

  // In the page's own words (the offline banner is a status too).
  const status = page.getByRole('main').getByRole('status');
  await page.goto(`/dose?token=${token}`);
  const take = page.getByRole('button', { name: 'Take', exact: true });
  await expect(take).toBeVisible();
  await context.setOffline(true);
  await take.click();
  await expect(status).toHaveText('Saved on this device, will be sent when online.');
  await expect(page.getByRole('button', { name: /Take|Snooze|Skip/ })).toHaveCount(0);
  await captureScreen(page, 'dose-page-offline');
  expect(sent).toEqual([]);
  expect(await api.takenOn(metformin, todayUtc())).not.toBe('1-0-0');

  // Back online: sent at once (the page's `online` occasion), and the page shows the server's word.
  await context.setOffline(false);
  await expect(status).toHaveText('Metformin marked as taken!');
  const list = page.getByRole('list', { name: 'Medicines' });
  await expect(list.getByRole('listitem')).toHaveText([
    /Metformin \(850mg\)\s*Taken at \d{1,2}:\d{2} [AP]M$/,
  ]);
  expect(await api.takenOn(metformin, todayUtc())).toBe('1-0-0');

  // Opened again: nothing waits, nothing is sent a second time.
  await page.reload();
  await expect(status).toHaveText(/^Taken at .*Nothing more is needed for this dose\.$/);
  expect(sent).toHaveLength(1);
  expect(JSON.parse(sent[0]!)).toMatchObject({ token, action: 'take' });
  expect(JSON.parse(sent[0]!).idempotencyKey).toMatch(/^[0-9a-f-]{36}$/);
});

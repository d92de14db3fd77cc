import { createAccount, logIn } from './support/accounts';
import { AccountApi } from './support/api';
import { expect, test } from './support/fixtures';
import { METFORMIN, atTenUtc, confirm, expectToast } from './support/journey';
import { captureScreen } from './support/screens';

test.use({ serviceWorkers: 'block' });
test.beforeEach(async ({ page }) => atTenUtc(page));

test('a patient invites a caregiver by link; the caregiver signs in, accepts, sees today, and loses access once removed', async ({
  page,
  browser,
  request,
}) => {
  // Two browsers (patient and caregiver) and eight screenshots, each after an axe scan.
  test.slow();
  const patient = await createAccount(request, { name: 'Ada Lovelace' });
  const carer = await createAccount(request, { name: 'Grace Hopper' });
  const api = await AccountApi.signIn(request, patient);
  await api.takeToday(await api.addMedicine({ ...METFORMIN, frequency: '1-0-1' }), '1-0-0');

  // The patient makes the link: no email is sent, the screen says so and offers to copy it.
  await logIn(page, patient);
  await page.getByRole('link', { name: 'Care' }).first().click();
  await expect(page).toHaveTitle('Care - Medicine Reminder');
  await expect(page.getByText('Nobody cares for you here yet.')).toBeVisible();
  await page.getByLabel('Caregiver’s email').fill(carer.email);
  await page.getByLabel('Alert them when I miss a dose').check();
  await page.getByRole('button', { name: 'Create invitation link' }).click();
  const ready = page.getByRole('status').filter({ hasText: `Invitation for ${carer.email} is ready.` });
  await expect(ready).toContainText('It was not emailed');
  await expect(ready.getByRole('button', { name: 'Copy link' })).toBeVisible();
  const link = await page.getByLabel('Invitation link').inputValue();
  expect(link).toMatch(/\/care\/accept\?token=v1\./);
  await expect(page.getByRole('list', { name: 'Open invitations' })).toContainText(carer.email);
  await captureScreen(page, 'care-patient-invite');

  // The caregiver opens it signed out: login keeps the way back to the invitation.
  const carerContext = await browser.newContext({ serviceWorkers: 'block' });
  const carerPage = await carerContext.newPage();
  await atTenUtc(carerPage);
  await carerPage.goto(link);
  await expect(carerPage).toHaveURL(/\/login\?redirect=/);
  await carerPage.getByLabel('Email').fill(carer.email);
  await carerPage.getByLabel('Password').fill(carer.password);
  await carerPage.getByRole('button', { name: 'Login', exact: true }).click();
  await expect(carerPage).toHaveURL(/\/care\/accept\?token=/);
  await expect(carerPage.getByText('Ada Lovelace invites you to be their caregiver.')).toBeVisible();
  await captureScreen(carerPage, 'care-accept');
  await carerPage.getByRole('button', { name: 'Accept invitation' }).click();
  await expectToast(carerPage, 'You now care for Ada Lovelace.');

  // The caregiver's screen: today's status, read only, adherence only (no medicine list).
  await expect(carerPage).toHaveURL(/\/care$/);
  const people = carerPage.getByRole('list', { name: 'People you care for' });
  const ada = people.getByRole('listitem').filter({ hasText: 'Ada Lovelace' }).first();
  await expect(ada.getByRole('heading', { name: 'Ada Lovelace' })).toBeVisible();
  const doses = ada.getByRole('list', { name: 'Ada Lovelace’s doses today' });
  await expect(doses.getByRole('listitem').filter({ hasText: 'Morning' })).toContainText('Taken');
  await expect(doses.getByRole('listitem')).toHaveCount(2);
  await expect(ada.getByText('Metformin')).toHaveCount(0);
  await expect(ada.getByRole('button', { name: /Leave/ })).toBeVisible();
  await expect(ada.getByRole('checkbox')).toHaveCount(0);
  await captureScreen(carerPage, 'care-caregiver');

  // The same link, used again: refused with a clear message.
  await carerPage.goto(link);
  await expect(carerPage.getByRole('alert')).toContainText('already used');

  // The patient sees the caregiver and removes them; the caregiver loses access at once.
  await page.reload();
  const caregivers = page.getByRole('list', { name: 'Your caregivers' });
  await expect(caregivers).toContainText('Grace Hopper');
  await expect(caregivers).toContainText('Sees your daily doses only');
  await captureScreen(page, 'care-patient-circle');
  await caregivers.getByRole('button', { name: 'Remove Grace Hopper' }).click();
  await confirm(page, 'They stop seeing your doses', 'Remove');
  await expectToast(page, 'Grace Hopper is no longer your caregiver.');
  await expect(page.getByText('Nobody cares for you here yet.')).toBeVisible();

  await carerPage.goto('/care');
  await expect(carerPage.getByText('You do not care for anyone yet.')).toBeVisible();
  await carerContext.close();
});

test('a broken invitation link says so', async ({ page, request, consoleErrors }) => {
  await logIn(page, await createAccount(request, { name: 'Linus Pauling' }));
  await page.goto('/care/accept?token=not-a-real-token-at-all-000');
  await expect(page.getByRole('alert')).toContainText('not valid');
  // The refusal itself is the expected answer: a 404 for a link that is not one of ours.
  expect(consoleErrors.splice(0).filter((e) => !e.includes('404'))).toEqual([]);
});

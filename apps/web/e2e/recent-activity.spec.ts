import { DEFAULT_CARE_PERMISSIONS } from '@medrem/contract';
import type { APIRequestContext } from '@playwright/test';
import { type Account, createAccount, logIn } from './support/accounts';
import { expect, test } from './support/fixtures';
import { atTenUtc } from './support/journey';
import { captureScreen } from './support/screens';

test.use({ serviceWorkers: 'block' });
test.beforeEach(async ({ page }) => atTenUtc(page));

/** A REST call with the account's bearer (from /jwt with its password), asserting success. */
async function call(
  request: APIRequestContext,
  account: Account,
  method: 'GET' | 'POST',
  path: string,
  data?: unknown,
) {
  const jwt = await request.post('/jwt', { data: { email: account.email, password: account.password } });
  const { token } = (await jwt.json()) as { token: string };
  const response = await request.fetch(path, {
    method,
    headers: { authorization: `Bearer ${token}` },
    ...(data === undefined ? {} : { data }),
  });
  expect(response.ok(), `${method} ${path}: ${await response.text()}`).toBe(true);
  return (await response.json()) as Record<string, unknown>;
}

/**
 * Issue 57: a caregiver's reads appear in the patient's Settings → Privacy & Security → "Recent
 * activity", with who and what, beside the patient's own sign-in (decisions 294–296).
 */
test("the patient sees the caregiver's view of their data in Recent activity", async ({ page, request }) => {
  const patient = await createAccount(request, { name: 'Ada Lovelace' });
  const carer = await createAccount(request, { name: 'Grace Hopper' });
  const invited = await call(request, patient, 'POST', `/api/care/${patient.email}/invitations`, {
    email: carer.email,
    permissions: DEFAULT_CARE_PERMISSIONS,
  });
  await call(request, carer, 'POST', '/api/care/invitation/accept', { token: invited.token });
  // The caregiver's Care screen reads this: twice, one entry (coalesced).
  await call(request, carer, 'GET', `/api/care/${carer.email}/patients`);
  await call(request, carer, 'GET', `/api/care/${carer.email}/patients`);

  await logIn(page, patient);
  await page.goto('/settings?tab=privacy');
  const section = page.getByRole('region', { name: 'Recent activity' });
  await expect(section.getByRole('heading', { name: 'Today' })).toBeVisible();
  const viewed = section.getByText(`Your caregiver Grace Hopper (${carer.email}) viewed today’s doses`);
  await expect(viewed).toHaveCount(1);
  await expect(section.getByText('Signed in with your password').first()).toBeVisible();
  await section.scrollIntoViewIfNeeded();
  await captureScreen(page, 'recent-activity');
});

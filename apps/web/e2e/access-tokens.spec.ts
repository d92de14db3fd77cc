import type { Page } from '@playwright/test';
import { createAccount, logIn } from './support/accounts';
import { expect, test } from './support/fixtures';
import { ASPIRIN, confirm, expectToast, todayUtc } from './support/journey';
import { captureScreen } from './support/screens';

/**
 * Settings → Privacy & Security, "Apps and tokens" (issue 59): a read-only token made in the page,
 * its secret seen once and never kept on the device, then used as a script would (Node's fetch, no
 * cookie): a read answers 200, a write 403, "last used" shows it after a reload, and once revoked
 * the same read answers 401.
 */
test.use({ permissions: ['clipboard-read', 'clipboard-write'] });

/** Everything this origin keeps on the device: localStorage and the offline copy in IndexedDB. */
async function deviceStorage(page: Page): Promise<string> {
  return page.evaluate(async () => {
    const local = JSON.stringify({ ...localStorage });
    const dump = await new Promise<string>((resolve) => {
      const open = indexedDB.open('medrem-offline');
      open.onerror = () => resolve('');
      open.onsuccess = () => {
        const db = open.result;
        const names = [...db.objectStoreNames];
        if (names.length === 0) {
          db.close();
          return resolve('');
        }
        const tx = db.transaction(names, 'readonly');
        const all = names.map(
          (name) =>
            new Promise<unknown>((done) => {
              const request = tx.objectStore(name).getAll();
              request.onsuccess = () => done(request.result);
            }),
        );
        void Promise.all(all).then((rows) => {
          db.close(); // an open connection would hold up the app's own upgrades
          resolve(JSON.stringify(rows));
        });
      };
    });
    return local + dump;
  });
}

test('a read-only token: made once, reads but cannot write, last use shown, revoked in one click', async ({
  page,
  request,
  baseURL,
  consoleErrors,
}) => {
  test.slow(); // four screens scanned by axe at two sizes on a loaded machine
  const account = await createAccount(request, { name: 'Token Tess' });
  await logIn(page, account);
  await page.goto('/settings?tab=privacy');
  const section = page.getByRole('region', { name: 'Apps and tokens' });
  await expect(section.getByText('No app or script has a token yet.')).toBeVisible();
  const form = section.getByRole('form', { name: 'Create a token' });
  const name = form.getByLabel('Name', { exact: true });
  const read = form.getByRole('checkbox', { name: /\(read\)/ });
  await expect(form.getByRole('checkbox')).toHaveCount(4); // read, doses:write, medicines:write, journal:write (decision 303);
  for (const box of await form.getByRole('checkbox').all()) await expect(box).not.toBeChecked();
  await expect(form.getByLabel('Expires after')).toHaveValue('90d');

  // Nothing filled in: each field says what it needs, and nothing is sent.
  await form.getByRole('button', { name: 'Create Token' }).click();
  await expect(name).toHaveAttribute('aria-invalid', 'true');
  await expect(name).toBeFocused();
  await expect(form.getByRole('alert')).toHaveCount(2);
  await expect(form.getByRole('group', { name: 'What it may do' })).toContainText(
    'Choose at least one thing the token may do.',
  );
  await captureScreen(page, 'tokens-form-errors');

  await name.fill('Home Assistant');
  await read.check();
  await form.getByLabel('Expires after').selectOption('30d');
  await form.getByRole('button', { name: 'Create Token' }).click();
  const secretField = section.getByLabel('Your new token “Home Assistant”');
  // Before the toast is clicked away (a click moves the focus).
  await expect(secretField).toBeFocused();
  await expectToast(page, 'Token created');
  const secret = await secretField.inputValue();
  expect(secret).toMatch(/^mr_pat_/);
  await expect(section).toContainText('Copy it now: you will not see it again.');
  await section.getByRole('button', { name: 'Copy Token' }).click();
  await expectToast(page, 'Token copied');
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(secret);
  const item = section.getByRole('listitem', { name: 'Home Assistant' });
  await expect(item.getByRole('list', { name: 'Scopes' })).toHaveText('read');
  await expect(item).toContainText('Last usedNever');
  await captureScreen(page, 'tokens-created');
  expect(await deviceStorage(page)).not.toContain(secret);

  // A script with the token: no cookie, no password.
  const call = (method: string, path: string, body?: unknown) =>
    fetch(`${baseURL}${path}`, {
      method,
      headers: { authorization: `Bearer ${secret}`, 'content-type': 'application/json' },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
  const listPath = `/api/medicine/user/${encodeURIComponent(account.email)}`;
  const listed = await call('GET', listPath);
  expect(listed.status).toBe(200);
  expect(await listed.json()).toEqual({ findMedicine: [] });
  // A valid medicine (AccountApi.addMedicine's body): refused for its scope, not its fields.
  const write = await call('POST', '/api/medicine', {
    userEmail: account.email,
    name: ASPIRIN.name,
    dosage: ASPIRIN.dosage,
    frequency: ASPIRIN.frequency,
    startDate: todayUtc(),
    originalDurationDays: ASPIRIN.totalDays,
    durationDays: ASPIRIN.supplyDays,
    totalPills: ASPIRIN.totalPills,
    pillsPerDose: ASPIRIN.pillsPerDose,
  });
  expect(write.status).toBe(403);
  expect(await write.text()).toContain('medicines:write');
  expect(await (await call('GET', listPath)).json(), 'the refused write stored nothing').toEqual({
    findMedicine: [],
  });

  // Shown once: after a reload the token is listed, used, and its secret is nowhere on the page.
  await page.reload();
  await expect(item).toBeVisible();
  await expect(item).not.toContainText('Never');
  await expect(page.getByLabel('Your new token “Home Assistant”')).toHaveCount(0);
  await expect(page.locator(`text=${secret}`)).toHaveCount(0);
  await captureScreen(page, 'tokens-used');
  expect(await deviceStorage(page)).not.toContain(secret);

  await item.getByRole('button', { name: 'Revoke Home Assistant' }).click();
  await confirm(page, '“Home Assistant” stops working at once', 'Yes, revoke it');
  await expect(item).toHaveCount(0);
  // The focus leaves the removed button for the section, before the toast is clicked away.
  await expect(section.getByRole('heading', { name: 'Apps and tokens' })).toBeFocused();
  await expectToast(page, '“Home Assistant” revoked');
  await expect(section.getByText('No app or script has a token yet.')).toBeVisible();
  await captureScreen(page, 'tokens-revoked');
  expect((await call('GET', listPath)).status).toBe(401);
  // The 403 and 401 above came from Node's fetch, not the page: the page itself had no error.
  expect(consoleErrors).toEqual([]);
});

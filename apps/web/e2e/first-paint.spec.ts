import type { Page } from '@playwright/test';
import { createAccount, logIn } from './support/accounts';
import { expect, test } from './support/fixtures';
import { holdEntryScript } from './support/entry-script';
import { expectToast } from './support/journey';

// No service worker: it answers pages with the shell, and these tests are about what the server sends.
test.use({ serviceWorkers: 'block' });

/** Records every node removed from inside #root: taking a page over must remove none. */
async function recordRemovalsInRoot(page: Page): Promise<() => Promise<string[]>> {
  await page.addInitScript(() => {
    const removed: string[] = [];
    (window as unknown as { removedInRoot: string[] }).removedInRoot = removed;
    new MutationObserver((records) => {
      const root = document.getElementById('root');
      for (const record of records) {
        if (!root?.contains(record.target)) continue;
        for (const node of record.removedNodes)
          removed.push(`${node.nodeName} ${node.textContent ?? ''}`.trim());
      }
    }).observe(document, { childList: true, subtree: true });
  });
  return () => page.evaluate(() => (window as unknown as { removedInRoot: string[] }).removedInRoot);
}

test('a new visitor gets the login form in the page, and the app takes it over as it is (decision 058)', async ({
  page,
  request,
}) => {
  const account = await createAccount(request);
  const removals = await recordRemovalsInRoot(page);
  const entry = await holdEntryScript(page);
  await page.goto('/', { waitUntil: 'domcontentloaded' });
  // Drawn from the HTML, with the page's title, while the app's script is still held back (it is
  // asked for once the page is painted). The button waits for the app: a native submit would put
  // the password in the address.
  await entry.asked;
  const submit = page.getByRole('button', { name: 'Login', exact: true });
  await expect(page.getByRole('heading', { name: 'Login' })).toBeVisible();
  await expect(page).toHaveTitle('Login - Medicine Reminder');
  await expect(submit).toBeDisabled();
  await page.getByLabel('Email').fill(account.email);

  entry.release();
  await expect(submit).toBeEnabled();
  // Taken over, not drawn again: nothing removed, what was typed is still there.
  expect(await removals()).toEqual([]);
  await expect(page.getByLabel('Email')).toHaveValue(account.email);
  await page.getByLabel('Password').fill(account.password);
  await submit.click();
  await expectToast(page, 'Welcome back! You have been logged in successfully.');
  await expect(page.getByRole('button', { name: /Account menu/ })).toBeVisible();
});

test('a signed-in start never shows the login form drawn for visitors', async ({ page, request }) => {
  const account = await createAccount(request);
  await logIn(page, account);
  const entry = await holdEntryScript(page);
  // 'commit': the shell's module script, held here, keeps the document from finishing its parse.
  await page.goto('/', { waitUntil: 'commit' });
  await entry.asked;
  // The session cookie gets the plain shell: the top bar only, until the app shows the dashboard.
  await expect(page.locator('#root header')).toBeVisible();
  await expect(page.locator('#login-title')).toHaveCount(0);
  await expect(page.locator('#root[data-prerendered]')).toHaveCount(0);
  entry.release();
  await expect(page.getByRole('button', { name: /Account menu/ })).toBeVisible();
  await expect(page.locator('#login-title')).toHaveCount(0);
});

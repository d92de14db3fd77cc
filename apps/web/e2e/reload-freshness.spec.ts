import { createAccount, logIn } from './support/accounts';
import { AccountApi } from './support/api';
import { expect, test } from './support/fixtures';
import type { Page } from '@playwright/test';
import { ASPIRIN, METFORMIN, atTenUtc } from './support/journey';

test.use({ serviceWorkers: 'block' });

/**
 * Settles, in the page, as soon as a write has waited on the device (IndexedDB `medrem-offline`,
 * store `outbox`) and none waits any more: the server has the tick and the page knows it. Checked
 * in the page itself, every 5 ms: the test runner's own checks take longer than the half second
 * this test is about.
 */
const queueFilledThenEmptied = () =>
  new Promise<void>((resolve, reject) => {
    const open = indexedDB.open('medrem-offline');
    open.onerror = () => reject(new Error('IndexedDB did not open'));
    open.onsuccess = () => {
      let filled = false;
      const check = () => {
        const count = open.result.transaction('outbox').objectStore('outbox').count();
        count.onerror = () => reject(new Error('The outbox could not be counted'));
        count.onsuccess = () => {
          filled ||= count.result > 0;
          if (filled && count.result === 0) resolve();
          else setTimeout(check, 5);
        };
      };
      check();
    };
  });

/**
 * A session answer slower than the app's own files, as on a phone's network: the dashboard's
 * answers in the page (decision 061) then cannot be matched to the user and the start shows the
 * device's copy first, the case this test is about.
 */
async function slowSessionAnswer(page: Page): Promise<void> {
  await page.route(/\/trpc\/auth\.session/, async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    await route.fallback();
  });
}
test.beforeEach(async ({ page }) => atTenUtc(page));

/**
 * Decision 194: the copy of the answers kept on the device is for the first paint and for offline
 * use. A reload never shows less than this tab last wrote or was told, and it asks the server again
 * at once, so a change made elsewhere (the REST API, another device) shows without waiting.
 */
test('a reload right after a tick shows it taken, and a medicine added elsewhere appears', async ({
  page,
  request,
}) => {
  const account = await createAccount(request);
  const api = await AccountApi.signIn(request, account);
  const aspirin = await api.addMedicine(ASPIRIN); // 1-1-0
  await logIn(page, account);
  const morning = page.getByTestId('dose-slot-0');
  const tick = morning.getByRole('button', { name: 'Aspirin, Morning dose taken' });
  await expect(tick).toHaveAttribute('aria-pressed', 'false');
  // The device copy of this untaken morning is saved (half a second after the answers came).
  await page.waitForTimeout(1_000);

  await tick.click();
  const dialog = page.getByRole('alertdialog');
  await expect(dialog).toContainText('Are you sure you want to mark "Aspirin" as taken?');
  await slowSessionAnswer(page);
  const recorded = page.waitForResponse(
    (r) => r.url().endsWith(`/api/medicine/${aspirin.id}/dose`) && r.request().method() === 'PUT',
  );
  const synced = page.evaluate(queueFilledThenEmptied);
  await dialog.getByRole('button', { name: 'Yes, mark it!' }).click();
  await synced;
  // As soon as the server has it: well inside the half second the copy used to wait.
  await page.reload();
  expect((await recorded).ok()).toBe(true);
  await expect(tick).toHaveAttribute('aria-pressed', 'true');

  // Added through the REST API, not by this tab: a reload asks the server and shows it.
  await api.addMedicine(METFORMIN);
  await page.reload();
  await expect(page.getByTestId('dose-slot-2')).toContainText('Metformin');
});

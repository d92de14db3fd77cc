import type { Page } from '@playwright/test';
import { wallClockInstant, zonedNow } from '@medrem/domain';
import { expect } from './fixtures';
import { DESKTOP } from './screens';
import { suiteNow } from './server-clock';

/**
 * Today's date in UTC (the suite's browser zone, so the saved zone too), YYYY-MM-DD, as the app
 * server's clock has it (server-clock.ts).
 */
export function todayUtc(): string {
  return suiteNow().toISOString().slice(0, 10);
}

/** Today's date in a zone by the app server's clock, which it judges "today" and "future" by. */
export function todayIn(timeZone: string): string {
  return zonedNow(suiteNow(), timeZone).date;
}

/**
 * Waits for a toast with this text and closes it so it cannot cover what comes next. A toast closes
 * itself after 3–4 s: on a loaded machine it can still be animating in when the click comes and be
 * gone before the click lands, and a click waiting for a detached toast waited out the whole test.
 * So the click gets a short time, and a toast that went by itself is as good as one closed.
 */
export async function expectToast(page: Page, text: string | RegExp): Promise<void> {
  const toast = page.locator('.Toastify__toast').filter({ hasText: text });
  await expect(toast.first()).toBeVisible();
  await toast
    .first()
    .click({ timeout: 5_000 })
    .catch(() => undefined);
  // Off the toast: a pointer resting on it would pause its auto-close.
  await page.mouse.move(0, 0);
  await expect(toast).toHaveCount(0);
}

/** Confirms the open confirmation dialog after checking its text. */
export async function confirm(page: Page, text: string | RegExp, button: string): Promise<void> {
  const dialog = page.getByRole('alertdialog');
  await expect(dialog).toContainText(text);
  await dialog.getByRole('button', { name: button }).click();
  await expect(dialog).toHaveCount(0);
}

/**
 * The browser clock at 10:00 UTC today (the accounts' saved zone is UTC): the 08:00 slot has
 * passed, the 14:00 one has not. The server keeps its real clock, but the app follows the server's
 * time from the `Date` header of its answers (a device clock hours off must not move "today"), so the
 * API's answers are dated on the browser's clock too. The live stream is left alone (it never ends,
 * and a route would buffer it).
 */
export async function atTenUtc(page: Page): Promise<void> {
  await atInstant(page, new Date(`${todayUtc()}T10:00:00Z`).getTime());
}

/**
 * The browser clock at a local time of today's date in another zone, as the app server's clock has
 * it there (server-clock.ts): 10:00 UTC can be another date in that zone, and the server refuses a
 * dose of a day that has not begun. Same `Date` header rewriting as atTenUtc.
 */
export async function atLocalTime(page: Page, timeZone: string, time: string): Promise<void> {
  await atInstant(page, wallClockInstant(todayIn(timeZone), time, timeZone));
}

async function atInstant(page: Page, fakeStart: number): Promise<void> {
  const offset = fakeStart - Date.now();
  await page.clock.install({ time: new Date(fakeStart) });
  await page.route(/\/(trpc|api|jwt)(?![^?]*push\.notifications)/, async (route) => {
    const response = await route.fetch();
    await route.fulfill({
      response,
      headers: { ...response.headers(), date: new Date(Date.now() + offset).toUTCString() },
    });
  });
  await page.setViewportSize(DESKTOP);
}

export interface MedicineInput {
  name: string;
  dosage: string;
  frequency: string;
  totalDays: number;
  supplyDays: number;
  totalPills: number;
  pillsPerDose: number;
}

export async function fillMedicineForm(page: Page, m: MedicineInput): Promise<void> {
  await page.getByLabel('Medicine Name').fill(m.name);
  await page.getByLabel('Dosage').fill(m.dosage);
  // The dose times are choices (decision 195): tick slot i for each '1' of the spec's pattern.
  const slots = page.getByRole('group', { name: 'Dose times' }).getByRole('checkbox');
  for (const [slot, flag] of m.frequency.split('-').entries()) await slots.nth(slot).setChecked(flag === '1');
  await page.getByLabel('Total Duration (days)').fill(String(m.totalDays));
  await page.getByLabel('Supply Duration (days)').fill(String(m.supplyDays));
  await page.getByLabel('Total Pills').fill(String(m.totalPills));
  await page.getByLabel('Pills per Dose').fill(String(m.pillsPerDose));
}

/** Morning and afternoon, ten days of supply: never short. */
export const ASPIRIN: MedicineInput = {
  name: 'Aspirin',
  dosage: '500mg',
  frequency: '1-1-0',
  totalDays: 30,
  supplyDays: 10,
  totalPills: 20,
  pillsPerDose: 1,
};

/** Morning and evening, 4 pills: urgent for a refill from the start. */
export const METFORMIN: MedicineInput = {
  name: 'Metformin',
  dosage: '850mg',
  frequency: '1-0-1',
  totalDays: 30,
  supplyDays: 2,
  totalPills: 4,
  pillsPerDose: 1,
};

import AxeBuilder from '@axe-core/playwright';
import type { APIRequestContext, Page } from '@playwright/test';
import type { Account } from './accounts';
import { AccountApi } from './api';
import { translated } from './catalog';
import { doseLinkToken, suiteActionSecret } from './dose-link';
import { expect } from './fixtures';
import { ASPIRIN, METFORMIN, todayUtc } from './journey';
import { suiteNow } from './server-clock';

/**
 * Issue 54's accessibility checks per language (decision 363): the languages, the screens and the
 * measurements that accessibility-languages*.spec.ts run on each.
 */
export const A11Y_LOCALES = ['en', 'ar', 'de'] as const;
export type A11yLocale = (typeof A11Y_LOCALES)[number];

/** The WCAG 2.0–2.2 A and AA rules only: target-size (2.5.8) runs under wcag22aa. */
export const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

export const SMALLEST = { width: 320, height: 640 };

/** A text as the page shows it in this language (English is the source). */
export function say(locale: A11yLocale, english: string): string {
  return locale === 'en' ? english : translated(locale, english);
}

/** Registers an account whose language is `locale` (the account's, so every screen follows it). */
export async function accountIn(request: APIRequestContext, locale: A11yLocale): Promise<Account> {
  const account = {
    name: 'Grace Hopper',
    email: `a11y-${locale}-${Date.now()}@example.com`,
    password: 'correct-horse-2',
  };
  const response = await request.post('/api/user/register', {
    data: { ...account, timezone: 'UTC', locale },
  });
  expect(response.status()).toBe(201);
  const { user } = (await response.json()) as { user: { id: string } };
  return { ...account, id: user.id };
}

/** Signs in through the login form in the account's language; answers on the dashboard. */
export async function logInIn(page: Page, account: Account, locale: A11yLocale): Promise<void> {
  await page.goto('/login');
  await page.getByLabel(say(locale, 'Email')).fill(account.email);
  await page.getByLabel(say(locale, 'Password')).fill(account.password);
  await page.getByRole('button', { name: say(locale, 'Login'), exact: true }).click();
  await expect(page.getByRole('heading', { name: say(locale, "Today's doses") })).toBeVisible();
  // Toasts (the welcome, anything arriving live) are closed: nothing is measured or walked under them.
  await expect(async () => {
    for (const close of await page.locator('.Toastify__toast .Toastify__close-button').all()) {
      await close.click({ timeout: 1000 }).catch(() => undefined);
    }
    await expect(page.locator('.Toastify__toast')).toHaveCount(0, { timeout: 1000 });
  }).toPass({ timeout: 15_000 });
}

/**
 * Medicines of several kinds, so each screen shows its fuller states: a daily one with the morning
 * dose taken, one short of pills (a refill warning), one every 8 hours, one on weekdays and one
 * taken as needed. Answers the first medicine's id (its edit form) and a dose page link.
 */
export async function seedMedicines(request: APIRequestContext, account: Account) {
  const api = await AccountApi.signIn(request, account);
  const yesterday = new Date(Date.parse(`${todayUtc()}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);
  const aspirin = await api.addMedicine(ASPIRIN, yesterday);
  await api.takeToday(aspirin, '1-0-0');
  await api.addMedicine(METFORMIN, yesterday);
  await api.addMedicine({ ...ASPIRIN, name: 'Amoxicillin', dosage: '250mg' }, yesterday, {
    kind: 'interval',
    everyHours: 8,
    startTime: '06:00',
  });
  await api.addMedicine({ ...ASPIRIN, name: 'Vitamin D', dosage: '1000 IU', frequency: '1-0-0' }, yesterday, {
    kind: 'weekdays',
    days: [1, 3, 5],
  });
  await api.addMedicine({ ...ASPIRIN, name: 'Ibuprofen', dosage: '400mg' }, yesterday, {
    kind: 'asNeeded',
    maxPer24h: 3,
    minIntervalMinutes: 240,
  });
  // Metformin is short of pills: its refill reminder is stored before the sign-in, so it is in the
  // bell's list, not a toast arriving live over a screen being measured.
  await expect
    .poll(async () => (await api.notifications()).some((n) => n.type === 'refill'), { timeout: 20_000 })
    .toBe(true);
  const dose = { userId: account.id!, slot: 1, date: todayUtc() };
  const token = doseLinkToken(suiteActionSecret(), dose, suiteNow().getTime() + 4 * 3_600_000);
  return { aspirinId: aspirin.id, doseLink: `/dose?token=${token}` };
}

/** A screen: where it is, and what to do there after the page's heading shows (a panel). */
export interface Screen {
  name: string;
  /** None: opened over the screen before it, without loading a page. */
  path?: string;
  /** Opens what the path alone does not show (a panel); the page is ready when it answers. */
  open?: (page: Page, locale: A11yLocale) => Promise<void>;
}

/** The signed-in screens of the normal mode (the dose page works signed in too). */
export function signedInScreens(ids: { aspirinId: string; doseLink: string }): Screen[] {
  return [
    { name: 'dashboard', path: '/' },
    {
      // The bell's panel, opened over the dashboard checked just before.
      name: 'notifications',
      open: async (page, locale) => {
        await page.locator('button[aria-controls="notification-panel"]').click();
        const panel = page.locator('#notification-panel');
        await expect(panel).toBeVisible();
        await expect(panel).not.toContainText(say(locale, 'Loading…'));
      },
    },
    { name: 'medicines', path: '/medication' },
    { name: 'add-medicine', path: '/add-medicine' },
    { name: 'edit-medicine', path: `/update-medicine/${ids.aspirinId}` },
    { name: 'dose-page', path: ids.doseLink },
    { name: 'journal', path: '/journal' },
    { name: 'reports', path: '/reports' },
    { name: 'cabinet', path: '/cabinet' },
    { name: 'care', path: '/care' },
    { name: 'settings-profile', path: '/settings?tab=profile' },
    { name: 'settings-notifications', path: '/settings?tab=notifications' },
    { name: 'settings-times', path: '/settings?tab=medicineDefaults' },
    // Privacy & Security holds Recent activity (the account's activity) and the sessions.
    { name: 'settings-privacy-activity', path: '/settings?tab=privacy' },
  ];
}

export const SIGNED_OUT_SCREENS: Screen[] = [
  { name: 'login', path: '/login' },
  { name: 'register', path: '/register' },
  { name: 'forgot-password', path: '/forgot-password' },
];

/**
 * Goes to a screen and waits until it has settled: its heading shows, no spinner turns, the fonts
 * are in, and what `open` opens is open.
 */
export async function visit(page: Page, screen: Screen, locale: A11yLocale): Promise<void> {
  if (screen.path !== undefined) await page.goto(screen.path);
  await settle(page);
  await screen.open?.(page, locale);
  await settle(page);
}

export async function settle(page: Page): Promise<void> {
  await expect(page.locator('main h1').first()).toBeVisible();
  await expect(page.locator('.animate-spin')).toHaveCount(0);
  await page.evaluate(() => document.fonts.ready.then(() => undefined));
}

/**
 * Every axe violation of WCAG 2.x A/AA, whatever its impact (the older suite's scans fail on
 * serious and critical ones only). A soft failure, so one run names every screen's violations; a
 * scan that finds some is repeated twice first (a toast caught mid-animation is measured half
 * transparent, and is gone at the next scan, while a real violation stays).
 */
export async function expectNoWcagViolations(page: Page, where: string): Promise<void> {
  let found: string[] = [];
  for (let attempt = 0; attempt < 3; attempt++) {
    if (attempt > 0) await page.waitForTimeout(700);
    // Only the violations' nodes are gathered: the passes of every rule on every node took most of
    // a scan's time, and nothing reads them.
    // (options replace withTags' choice of rules, so the tags go in here too).
    const results = await new AxeBuilder({ page })
      .options({ runOnly: { type: 'tag', values: WCAG_TAGS }, resultTypes: ['violations'] })
      .analyze();
    found = results.violations.map(
      (v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`,
    );
    if (found.length === 0) return;
  }
  expect.soft(found, `WCAG violations on ${where}`).toEqual([]);
}

/**
 * 1.4.10 Reflow: nothing is wider than the viewport, so the page never scrolls sideways (soft, as
 * above).
 */
export async function expectNoSidewaysScroll(page: Page, where: string): Promise<void> {
  const widths = await page.evaluate(() => {
    // A box that scrolls or clips its own content (a data table's) keeps it from the page's width.
    const contained = (el: Element) => {
      for (let up = el.parentElement; up && up !== document.body; up = up.parentElement) {
        if (getComputedStyle(up).overflowX !== 'visible') return true;
      }
      return false;
    };
    return {
      scroll: document.documentElement.scrollWidth,
      client: document.documentElement.clientWidth,
      // What sticks out, to name in the failure: the innermost elements past either edge.
      wide: [...document.querySelectorAll<HTMLElement>('body *')]
        .filter((el) => {
          const box = el.getBoundingClientRect();
          return box.width > 0 && (box.right > innerWidth + 1 || box.left < -1) && !contained(el);
        })
        .filter((el, _, past) => !past.some((other) => other !== el && el.contains(other)))
        .slice(0, 5)
        .map((el) => `${el.tagName.toLowerCase()}.${el.className}: ${el.textContent?.slice(0, 30)}`),
    };
  });
  expect
    .soft(widths.scroll, `sideways scroll on ${where}; past the edge: ${widths.wide.join(' | ')}`)
    .toBeLessThanOrEqual(widths.client);
}

/**
 * 1.4.4 Resize text: text that overflows a box that hides the rest (overflow hidden or clip, or an
 * ellipsis) has lost content. Screen-reader-only text is clipped on purpose and not counted.
 */
export async function expectNoClippedText(page: Page, where: string): Promise<void> {
  const clipped = await page.evaluate(() =>
    [...document.querySelectorAll<HTMLElement>('main *, header *')]
      .filter((el) => {
        if (el.closest('.sr-only') || !el.textContent?.trim()) return false;
        const style = getComputedStyle(el);
        const hides = (o: string) => o === 'hidden' || o === 'clip';
        return (
          (hides(style.overflowX) && el.scrollWidth > el.clientWidth + 1) ||
          (hides(style.overflowY) && el.scrollHeight > el.clientHeight + 1)
        );
      })
      .map((el) => `${el.tagName.toLowerCase()}.${el.className}: ${el.textContent?.trim().slice(0, 40)}`),
  );
  expect.soft(clipped, `clipped text on ${where}`).toEqual([]);
}

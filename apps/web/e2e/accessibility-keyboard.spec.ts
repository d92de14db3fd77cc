import type { Page } from '@playwright/test';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import {
  type A11yLocale,
  accountIn,
  expectNoClippedText,
  expectNoSidewaysScroll,
  logInIn,
  say,
  seedMedicines,
  settle,
} from './support/a11y-languages';
import { AccountApi } from './support/api';
import { expect, test } from './support/fixtures';
import { atTenUtc } from './support/journey';
import { tabTo, walkWithTab } from './support/keyboard-walk';
import { DESKTOP, PHONE, SCREENSHOT_DIR } from './support/screens';

// Issue 54, decision 363: what axe cannot judge. Focus never hidden (2.4.11) on a keyboard-only
// walk, text at 200 % (1.4.4), reduced motion, and Arabic mirrored.
test.use({ serviceWorkers: 'block' });
test.beforeEach(async ({ page }) => atTenUtc(page));

async function signIn(page: Page, request: Parameters<typeof accountIn>[0], locale: A11yLocale) {
  const account = await accountIn(request, locale);
  const seeded = await seedMedicines(request, account);
  await logInIn(page, account, locale);
  return { account, ...seeded };
}

/** Every stop of a Tab walk over the page, loaded afresh, is seen; answers how many there were. */
async function expectEveryFocusSeen(page: Page, where: string): Promise<number> {
  await page.reload();
  await settle(page);
  const stops = await walkWithTab(page);
  const hidden = stops.filter((stop) => stop.obscured).map((stop) => `${stop.name}: ${stop.obscured}`);
  expect.soft(hidden, `focus obscured on ${where}`).toEqual([]);
  return stops.length;
}

test.describe('in English', () => {
  test.use({ locale: 'en-US' });

  test('keyboard only on a phone: every control seen when focused; Space ticks a dose, the add form is filled and saved', async ({
    page,
    request,
  }) => {
    const { account } = await signIn(page, request, 'en');
    await page.setViewportSize(PHONE);
    // The dashboard: each focused control is clear of the sticky bar and the add button.
    expect(await expectEveryFocusSeen(page, 'the dashboard at 390px')).toBeGreaterThan(20);

    // Space on Metformin's morning tick records it, as a press would (from a fresh page: Tab
    // starts at its top).
    await page.reload();
    await settle(page);
    await tabTo(page, /^Metformin, Morning.* dose taken$/);
    await page.keyboard.press('Space');
    // The spec's question comes with focus on its answer; Enter confirms, and focus returns.
    await expect(page.getByRole('button', { name: 'Yes, mark it!' })).toBeFocused();
    await page.keyboard.press('Enter');
    const tick = page.getByRole('button', { name: /^Metformin, Morning.* dose taken$/ });
    await expect(tick).toHaveAttribute('aria-pressed', 'true');
    await expect(tick).toBeFocused();

    await page.goto('/add-medicine');
    await settle(page);
    expect(await expectEveryFocusSeen(page, 'the add form at 390px')).toBeGreaterThan(10);

    // Filled and saved without a pointer.
    await page.reload();
    await settle(page);
    const typeInto = async (label: RegExp, text: string) => {
      await tabTo(page, label);
      await page.keyboard.press('ControlOrMeta+a');
      await page.keyboard.type(text);
    };
    await typeInto(/^Medicine Name/, 'Lisinopril');
    await typeInto(/^Dosage/, '10mg');
    await tabTo(page, /^Morning/);
    if (!(await page.evaluate(() => (document.activeElement as HTMLInputElement).checked))) {
      await page.keyboard.press('Space');
    }
    await typeInto(/^Total Duration \(days\)/, '30');
    await typeInto(/^Total Pills/, '30');
    await typeInto(/^Pills per Dose/, '1');
    await tabTo(page, /^Add Medicine$/);
    await page.keyboard.press('Enter');
    await expect(page.getByText('Lisinopril has been added successfully!')).toBeVisible();
    const api = await AccountApi.signIn(request, account);
    expect((await api.medicines()).map((m) => m.name)).toContain('Lisinopril');
  });

  test('reduced motion: no animation or transition runs', async ({ page, request }) => {
    await signIn(page, request, 'en');
    // What moves: every element's transition and animation that lasts longer than an instant.
    const moving = () =>
      page.evaluate(() => {
        const seconds = (list: string) => Math.max(...list.split(',').map((d) => parseFloat(d) || 0));
        return [...document.querySelectorAll('*')]
          .filter((el) => {
            const style = getComputedStyle(el);
            return seconds(style.transitionDuration) > 0.001 || seconds(style.animationDuration) > 0.001;
          })
          .map((el) => `${el.tagName.toLowerCase()}.${String(el.className).slice(0, 50)}`);
      });
    // Without the wish, the buttons' colour transitions run: the check sees motion where there is.
    expect((await moving()).length).toBeGreaterThan(0);
    await page.emulateMedia({ reducedMotion: 'reduce' });
    expect(await moving()).toEqual([]);
  });
});

test.describe('in Arabic', () => {
  test.use({ locale: 'ar' });

  test('laid out mirrored at 390 and 1280 px: dashboard, add form, settings; keyboard focus never hidden', async ({
    page,
    request,
  }) => {
    test.slow();
    await signIn(page, request, 'ar');
    const folder = join(SCREENSHOT_DIR, 'rtl');
    mkdirSync(folder, { recursive: true });
    for (const [name, path] of [
      ['dashboard', '/'],
      ['add-medicine', '/add-medicine'],
      ['settings', '/settings'],
    ] as const) {
      await page.goto(path);
      await settle(page);
      for (const size of [PHONE, DESKTOP]) {
        await page.setViewportSize(size);
        await page.waitForTimeout(150);
        // The bar's start is on the right: the name of the app right of its end's controls.
        const brand = await page.getByRole('link', { name: say('ar', 'Medicine Reminder') }).boundingBox();
        const bell = await page.locator('button[aria-controls="notification-panel"]').boundingBox();
        expect(brand!.x, `${name} at ${size.width}px: the bar is mirrored`).toBeGreaterThan(bell!.x);
        await page.screenshot({ path: join(folder, `ar-${name}-${size.width}.png`), fullPage: true });
      }
    }
    // The phone's add button sits at the start corner's opposite: bottom left in Arabic.
    await page.goto('/');
    await settle(page);
    await page.setViewportSize(PHONE);
    const add = await page.locator('a[href="/add-medicine"][aria-label]').boundingBox();
    expect(add!.x).toBeLessThan(PHONE.width / 2);

    await page.setViewportSize(DESKTOP);
    await expectEveryFocusSeen(page, 'the Arabic dashboard at 1280px');
    await page.goto('/add-medicine');
    await settle(page);
    await expectEveryFocusSeen(page, 'the Arabic add form at 1280px');
  });
});

/**
 * Browser text at 200 %: Chromium's default font size set to 32 px, as its text size setting does
 * (rem in the CSS and in media queries follow it), on the desktop window: the app's 17 px becomes
 * 34 px, a 1280 px window holds what 640 px does at normal size.
 */
for (const locale of ['en', 'ar', 'de'] as const) {
  test.describe(`text at 200 % (${locale})`, () => {
    test.use({ locale: locale === 'en' ? 'en-US' : locale === 'de' ? 'de-DE' : 'ar' });

    test(`the dashboard, the add form and settings lose nothing with text at 200 % (${locale})`, async ({
      page,
      request,
    }) => {
      await signIn(page, request, locale);
      const cdp = await page.context().newCDPSession(page);
      await cdp.send('Page.setFontSizes', { fontSizes: { standard: 32, fixed: 26 } });
      for (const path of ['/', '/add-medicine', '/settings', '/settings?tab=medicineDefaults']) {
        await page.goto(path);
        await settle(page);
        // The app's root follows the browser's size (a fixed 17 px would ignore it).
        expect(await page.evaluate(() => getComputedStyle(document.documentElement).fontSize)).toBe('34px');
        await expectNoSidewaysScroll(page, `${locale} ${path} with text at 200 %`);
        await expectNoClippedText(page, `${locale} ${path} with text at 200 %`);
      }
    });
  });
}

import type { Page } from '@playwright/test';
import {
  A11Y_LOCALES,
  type A11yLocale,
  SIGNED_OUT_SCREENS,
  SMALLEST,
  type Screen,
  accountIn,
  expectNoSidewaysScroll,
  expectNoWcagViolations,
  logInIn,
  seedMedicines,
  signedInScreens,
  visit,
} from './support/a11y-languages';
import { expect, test } from './support/fixtures';
import { atTenUtc } from './support/journey';
import { DESKTOP, PHONE } from './support/screens';

// Issue 54, decision 363: WCAG 2.2 AA on every screen of the normal mode, in English, Arabic (right
// to left) and German (long words), at phone and desktop width, and reflow at 320 px.
test.use({ serviceWorkers: 'block' });
test.beforeEach(async ({ page }) => atTenUtc(page));

/**
 * The screen at 1280 and 390 px with axe's WCAG rules (zero violations of any impact), then at
 * 320 px without sideways scrolling. One page for all, so each screen costs three layouts.
 */
async function checkScreen(page: Page, screen: Screen, locale: A11yLocale): Promise<void> {
  await test.step(`${locale} ${screen.name}`, async () => {
    await visit(page, screen, locale);
    for (const size of [DESKTOP, PHONE]) {
      await page.setViewportSize(size);
      await page.waitForTimeout(150); // the table/cards switch and layout settle
      await expectNoWcagViolations(page, `${locale} ${screen.name} at ${size.width}px`);
    }
    await page.setViewportSize(SMALLEST);
    await page.waitForTimeout(150);
    await expectNoSidewaysScroll(page, `${locale} ${screen.name} at 320px`);
    await page.setViewportSize(DESKTOP);
  });
}

/** The browser's language for each: the signed-out pages follow Accept-Language. */
const BROWSER_LOCALE: Record<A11yLocale, string> = { en: 'en-US', ar: 'ar', de: 'de-DE' };

for (const locale of A11Y_LOCALES) {
  test.describe(`in ${locale}`, () => {
    test.use({ locale: BROWSER_LOCALE[locale] });

    test(`every screen passes WCAG 2.2 AA and reflows at 320 px (${locale})`, async ({ page, request }) => {
      // Seventeen screens, each at three sizes with two full axe scans.
      test.slow();
      for (const screen of SIGNED_OUT_SCREENS) await checkScreen(page, screen, locale);
      await expect(page.locator('html')).toHaveAttribute('lang', locale);
      await expect(page.locator('html')).toHaveAttribute('dir', locale === 'ar' ? 'rtl' : 'ltr');

      const account = await accountIn(request, locale);
      const seeded = await seedMedicines(request, account);
      await logInIn(page, account, locale);

      for (const screen of signedInScreens(seeded)) await checkScreen(page, screen, locale);
    });
  });
}

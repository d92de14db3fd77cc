import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, test } from '@playwright/test';
import { mkdirSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const SCREENSHOT_DIR = resolve(
  dirname(fileURLToPath(import.meta.url)),
  '../../test-results/screenshots',
);

export const PHONE = { width: 390, height: 844 };
export const DESKTOP = { width: 1280, height: 800 };

/**
 * No serious or critical axe-core violation on what the page shows now. A scan that fails is
 * repeated for up to 10 s: a toast that begins to close during a scan is measured half-transparent
 * (seen once in CI: color-contrast on the toast, a colour nobody sees at rest), while a real
 * violation stays and still fails.
 */
export async function expectAccessible(
  page: Page,
  screen: string,
  /** Longer for a page whose main thread is busy (the scanner's decoding with the camera on). */
  options: { timeout?: number } = {},
): Promise<void> {
  await expect(async () => {
    await settleAnimations(page);
    const results = await new AxeBuilder({ page }).analyze();
    const blocking = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
    const summary = blocking.map(
      (v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`,
    );
    expect(summary, `axe violations on ${screen}`).toEqual([]);
  }).toPass({ timeout: options.timeout ?? 10_000, intervals: [500, 1000, 2000] });
}

/**
 * Screenshots of the current screen at phone and desktop size, each after an axe scan, then back
 * to the size the test was using.
 */
export async function captureScreen(page: Page, name: string): Promise<void> {
  // A step of its own, so the reports say how much of a test's time its screens take.
  await test.step(
    `screen ${name}`,
    async () => {
      mkdirSync(SCREENSHOT_DIR, { recursive: true });
      const previous = page.viewportSize() ?? DESKTOP;
      for (const size of [PHONE, DESKTOP]) {
        await page.setViewportSize(size);
        await page.waitForTimeout(150); // the table/cards switch and layout settle
        await expectAccessible(page, `${name} at ${size.width}px`);
        await screenshot(page, join(SCREENSHOT_DIR, `${name}-${size.width}x${size.height}.png`));
      }
      await page.setViewportSize(previous);
    },
    { box: true },
  );
}

/**
 * A full-page screenshot of a page that is brought to the front first. With a second browser
 * context open (another device in the same test), Chromium once never delivered the frame of the
 * page behind it: `page.screenshot` waited after "fonts loaded" until the test's 3-minute timeout
 * (CI of stop 28, sessions.spec.ts). One bounded attempt, then one more after bringing it forward
 * again, so a lost frame costs seconds and a page that truly cannot render still fails.
 */
async function screenshot(page: Page, path: string): Promise<void> {
  const attempt = async () => {
    await page.bringToFront();
    await page.screenshot({ path, fullPage: true, timeout: 30_000 });
  };
  await attempt().catch(attempt);
}

/**
 * Waits (at most 2 s) for the finite animations on the page, such as a toast sliding in or out: axe
 * measures the contrast of a half-transparent toast mid-animation and reports colours nobody sees at
 * rest. A toast's progress bar (its auto-close timer) and endless spinners are not waited for.
 */
async function settleAnimations(page: Page): Promise<void> {
  await page.evaluate(async () => {
    const finite = document.getAnimations().filter((animation) => {
      const target = animation.effect instanceof KeyframeEffect ? animation.effect.target : null;
      if (target?.classList.contains('Toastify__progress-bar')) return false;
      return animation.effect?.getComputedTiming().endTime !== Infinity;
    });
    const settled = Promise.all(finite.map((animation) => animation.finished.catch(() => undefined)));
    await Promise.race([settled, new Promise((resolve) => setTimeout(resolve, 2000))]);
  });
}

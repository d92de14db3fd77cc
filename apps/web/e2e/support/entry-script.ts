import type { Page, Route } from '@playwright/test';

/** Holds the app's entry script until `release()`: what is on screen then came from the HTML. */
export async function holdEntryScript(page: Page): Promise<{ release: () => void; asked: Promise<void> }> {
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => (release = resolve));
  let askedNow: () => void = () => undefined;
  const asked = new Promise<void>((resolve) => (askedNow = resolve));
  await page.route(/\/assets\/index-[^/]*\.js$/, async (route: Route) => {
    askedNow();
    await held;
    await route.continue();
  });
  return { release, asked };
}

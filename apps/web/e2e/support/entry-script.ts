import type { Page, Route } from '@playwright/test';

/** Holds every request for a script matching `pattern` until `release()`; `asked` settles at the first. */
export async function holdScript(
  page: Page,
  pattern: RegExp,
): Promise<{ release: () => void; asked: Promise<void> }> {
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => (release = resolve));
  let askedNow: () => void = () => undefined;
  const asked = new Promise<void>((resolve) => (askedNow = resolve));
  await page.route(pattern, async (route: Route) => {
    askedNow();
    await held;
    await route.continue();
  });
  return { release, asked };
}

/** Holds the app's entry script until `release()`: what is on screen then came from the HTML. */
export const holdEntryScript = (page: Page) => holdScript(page, /\/assets\/index-[^/]*\.js$/);

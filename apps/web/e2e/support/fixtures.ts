import { test as base, expect } from '@playwright/test';

/**
 * Every test fails on a console error, an uncaught exception or a CSP violation (Chromium reports
 * those as console errors and as securitypolicyviolation events).
 */
export const test = base.extend<{ consoleErrors: string[] }>({
  consoleErrors: [
    async ({ page }, use) => {
      const errors: string[] = [];
      page.on('console', (message) => {
        if (message.type() === 'error') errors.push(`console: ${message.text()}`);
      });
      page.on('pageerror', (error) => errors.push(`pageerror: ${error.message}`));
      // Name the failing call: Chromium's console line for a failed fetch has no URL.
      page.on('response', (response) => {
        if (response.status() >= 400) errors.push(`http ${response.status()}: ${response.url()}`);
      });
      await page.addInitScript(() => {
        document.addEventListener('securitypolicyviolation', (event) => {
          console.error(`CSP violation: ${event.violatedDirective} ${event.blockedURI}`);
        });
      });
      await use(errors);
      // A request still held by a test's route handler when the test ends (the app asks on idle)
      // must not fail it: Playwright's own advice for "route.fetch: Test ended".
      await page.unrouteAll({ behavior: 'ignoreErrors' });
      expect(errors, 'console errors, page errors or CSP violations').toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };

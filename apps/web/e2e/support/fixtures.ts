import { test as base, expect } from '@playwright/test';

/**
 * A request the browser could not send because the test cut the network (`context.setOffline`).
 * Chromium logs it as a console error, and it can reach Playwright after the test has already
 * turned the network back on, so a test cannot fence it off by time (stop 65 failed so). Nothing
 * else produces it here: the server is on loopback and background networking is off. What the app
 * does with a cut request (a page error, a wrong screen) still fails the test.
 */
const NETWORK_CUT_BY_THE_TEST = 'Failed to load resource: net::ERR_INTERNET_DISCONNECTED';

/**
 * Every test fails on a console error, an uncaught exception or a CSP violation (Chromium reports
 * those as console errors and as securitypolicyviolation events).
 */
export const test = base.extend<{ consoleErrors: string[] }>({
  consoleErrors: [
    async ({ page }, use) => {
      const errors: string[] = [];
      page.on('console', (message) => {
        if (message.type() !== 'error' || message.text() === NETWORK_CUT_BY_THE_TEST) return;
        errors.push(`console: ${message.text()}`);
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

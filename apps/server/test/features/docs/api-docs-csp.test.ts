import { chromium, type Browser } from 'playwright';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_ENGINE } from '../../support/test-database';
import { type TestServer, startTestServer } from '../../support/test-server';

/**
 * Issue 51: the interactive API docs broke their own Content-Security-Policy in the browser's
 * console. Loaded in Chromium under the CSP header it is sent with, the page must raise no
 * violation and still render the operations.
 */
describe(`/api/docs is CSP-clean (${TEST_ENGINE})`, () => {
  let server: TestServer;
  let browser: Browser;
  beforeAll(async () => {
    server = await startTestServer();
    browser = await chromium.launch({
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
    });
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  it('renders the operations with no CSP violation, under a CSP that allows no inline code', async () => {
    const page = await browser.newPage();
    const violations: string[] = [];
    page.on('console', (message) => {
      if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
    });
    await page.exposeFunction('reportViolation', (text: string) => violations.push(text));
    // The page's own report of each violation (the server's tsconfig has no DOM types: as text).
    await page.addInitScript({
      content: `document.addEventListener('securitypolicyviolation', (e) =>
        window.reportViolation(e.violatedDirective + ' ' + e.blockedURI + ' ' + e.sample));`,
    });
    const response = await page.goto(`${server.baseUrl}/api/docs`);
    const csp = response!.headers()['content-security-policy'] ?? '';
    expect(csp).toMatch(/script-src 'self'/);
    expect(csp).not.toMatch(/'unsafe-inline'|'unsafe-eval'/);
    const login = page.locator('.opblock').filter({ hasText: '/api/auth/login' }).first();
    await login.waitFor({ timeout: 20_000 });
    // Open one operation: its parts (parameters, examples, highlighted code) render too.
    await login.locator('.opblock-summary').first().click();
    await login.locator('.opblock-body').waitFor({ timeout: 10_000 });
    await page.waitForTimeout(500);
    expect(violations).toEqual([]);
    await page.close();
  }, 60_000);
});

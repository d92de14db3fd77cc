import { rm } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_ENGINE } from '../support/test-database';
import { type TestServer, startTestServer } from '../support/test-server';
import { writeWebDist } from '../support/web-dist';

describe(`serving the web app (${TEST_ENGINE})`, () => {
  let server: TestServer;
  let webDist: string;

  beforeAll(async () => {
    webDist = await writeWebDist({
      'index.html': '<!doctype html><title>app shell</title>',
      'assets/index-abc123.js': 'console.log(1)',
      'sw.js': 'self.addEventListener("push", () => {})',
      // Decisions 058 and 059: the build's signed-out pages, its signed-in shell, and their list (one
      // listed file is missing).
      'prerendered/home.html': '<!doctype html><title>login form</title>',
      'prerendered/signed-in.html': '<!doctype html><title>signed-in shell</title>',
      // Decision 361: the signed-out pages in other languages (German's is listed but missing).
      'prerendered/es/home.html': '<!doctype html><title>formulario</title>',
      'prerendered/ar/home.html': '<!doctype html><title>نموذج</title>',
      // …and the signed-in shell in another language (Turkish's is listed but missing).
      'prerendered/ar/signed-in.html': '<!doctype html><title>signed-in shell, Arabic catalogs</title>',
      'prerendered/pages.json': JSON.stringify({
        signedOut: { '/': 'prerendered/home.html', '/login': 'prerendered/missing.html' },
        signedOutByLocale: {
          en: { '/': 'prerendered/home.html' },
          es: { '/': 'prerendered/es/home.html' },
          ar: { '/': 'prerendered/ar/home.html' },
          de: { '/': 'prerendered/de/missing.html' },
          xx: { '/': 'prerendered/home.html' },
        },
        signedIn: 'prerendered/signed-in.html',
        signedInByLocale: {
          en: 'prerendered/signed-in.html',
          ar: 'prerendered/ar/signed-in.html',
          tr: 'prerendered/tr/signed-in.html',
          xx: 'prerendered/ar/signed-in.html',
        },
      }),
    });
    server = await startTestServer({ env: { WEB_DIST_DIR: webDist } });
  });
  afterAll(async () => {
    await server.close();
    await rm(webDist, { recursive: true, force: true });
  });

  it.each([
    '/login?redirect=%2Freports',
    '/medication',
    '/update-medicine/7d3c1f0e-6a4e-4a8e-9a43-2f6a1c6d9b10',
  ])('answers the page URL %s with the app shell, under the strict CSP', async (url) => {
    const response = await fetch(`${server.baseUrl}${url}`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('text/html');
    expect(await response.text()).toContain('app shell');
    expect(response.headers.get('content-security-policy')).toContain("script-src 'self'");
  });

  const page = async (url: string, cookie?: string, acceptLanguage?: string) => {
    const headers: Record<string, string> = {};
    if (cookie) headers['cookie'] = cookie;
    if (acceptLanguage) headers['accept-language'] = acceptLanguage;
    const response = await fetch(`${server.baseUrl}${url}`, { headers });
    expect(response.status, url).toBe(200);
    expect(response.headers.get('content-security-policy'), url).toContain("script-src 'self'");
    return { body: await response.text(), vary: response.headers.get('vary') ?? '' };
  };

  it('sends a prerendered signed-out page only where no one can be signed in (decision 058)', async () => {
    const signedOut = await page('/');
    expect(signedOut.body).toContain('login form');
    // Caches must keep the two answers of '/' apart.
    expect(signedOut.vary.toLowerCase()).toContain('cookie');
    expect(signedOut.vary.toLowerCase()).toContain('accept-encoding');

    const withSession = await page('/', 'mr_session=anything');
    expect(withSession.body).not.toContain('login form');
    expect(withSession.vary.toLowerCase()).toContain('cookie');
    // Other cookies do not matter.
    expect((await page('/', 'theme=dark')).body).toContain('login form');
    // A query changes what the form shows (?redirect=, a sign-in notice): the shell renders it.
    expect((await page('/?signin_error=denied')).body).toContain('app shell');
    // A listed file that is not there, and pages that have none, get the shell.
    expect((await page('/login')).body).toContain('app shell');
    expect((await page('/medication')).body).toContain('app shell');
  });

  it('sends the signed-out page in the visitor’s language: their choice, else their browser’s (decision 361)', async () => {
    const spanish = await page('/', undefined, 'es-MX,es;q=0.9,en;q=0.5');
    expect(spanish.body).toContain('formulario');
    // Caches must keep the languages apart.
    expect(spanish.vary.toLowerCase()).toContain('accept-language');
    expect((await page('/', undefined, 'fr;q=0.2, ar-EG;q=0.8')).body).toContain('نموذج');
    // A choice made on the device (its cookie) wins over the browser's languages.
    expect((await page('/', 'medrem-locale=es', 'ar')).body).toContain('formulario');
    // An unknown choice is ignored; a language whose page is missing, or none, gets English.
    expect((await page('/', 'medrem-locale=xx', 'es')).body).toContain('formulario');
    expect((await page('/', undefined, 'de-DE')).body).toContain('login form');
    expect((await page('/', undefined, 'x'.repeat(5000))).body).toContain('login form');
    expect((await page('/')).body).toContain('login form');
    // A session still gets the signed-in shell, whatever the language.
    expect((await page('/', 'mr_session=anything', 'es')).body).toContain('signed-in shell');
  });

  it('sends the signed-in shell that preloads the catalogs of the language the app will start in (decision 361)', async () => {
    const arabic = await page('/medication', 'mr_session=anything', 'ar-EG,en;q=0.5');
    expect(arabic.body).toContain('Arabic catalogs');
    expect(arabic.vary.toLowerCase()).toContain('accept-language');
    // The device's choice (kept in the cookie, also for the account's setting) wins.
    expect((await page('/medication', 'mr_session=x; medrem-locale=ar', 'es')).body).toContain('Arabic');
    const english = await page('/medication', 'mr_session=x; medrem-locale=en', 'ar');
    expect(english.body).toContain('signed-in shell');
    expect(english.body).not.toContain('Arabic');
    // A language whose shell is missing, or is not offered, gets the English one.
    expect((await page('/medication', 'mr_session=x', 'tr')).body).not.toContain('Arabic');
    expect((await page('/medication', 'mr_session=x; medrem-locale=xx', 'de')).body).not.toContain('Arabic');
  });

  it('sends the signed-in shell for every page to a browser with a session cookie (decision 059)', async () => {
    for (const url of ['/', '/login', '/medication', '/settings?tab=account', '/?signin_error=denied']) {
      const signedIn = await page(url, 'theme=dark; mr_session=anything');
      expect(signedIn.body, url).toContain('signed-in shell');
      // The same address answers differently without the cookie: caches must keep them apart.
      expect(signedIn.vary.toLowerCase(), url).toContain('cookie');
      const without = await page(url, 'theme=dark');
      expect(without.body, url).not.toContain('signed-in shell');
      expect(without.vary.toLowerCase(), url).toContain('cookie');
    }
  });

  it('serves hashed assets as immutable and the service worker as always re-checked', async () => {
    const asset = await fetch(`${server.baseUrl}/assets/index-abc123.js`);
    expect(asset.status).toBe(200);
    expect(asset.headers.get('cache-control')).toContain('immutable');
    const worker = await fetch(`${server.baseUrl}/sw.js`);
    expect(worker.status).toBe(200);
    expect(worker.headers.get('cache-control')).toBe('no-cache');
    expect(worker.headers.get('service-worker-allowed')).toBe('/');
  });

  it('answers a missing file with 404, never with the app shell', async () => {
    const response = await fetch(`${server.baseUrl}/assets/index-old999.js`);
    expect(response.status).toBe(404);
    expect(await response.text()).not.toContain('app shell');
  });

  it('answers unknown API paths with JSON 404s', async () => {
    for (const url of ['/api/nothing', '/trpc', '/jwt/extra']) {
      const response = await fetch(`${server.baseUrl}${url}`);
      expect(response.status, url).toBe(404);
      expect(((await response.json()) as { message: string }).message).toContain('No such endpoint');
    }
  });
});

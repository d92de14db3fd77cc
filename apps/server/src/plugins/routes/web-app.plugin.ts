import staticFiles from '@fastify/static';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { type Locale, SOURCE_LOCALE, isLocale } from '@medrem/contract/locales';
import fp from 'fastify-plugin';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { isApiPath } from '../../lib/api-paths';
import { MemoryAttemptCounter } from '../../lib/attempt-counter';
import { requestLocale } from '../../lib/request-locale';
import { dashboardStartFor, withDashboardStart } from './dashboard-start';
import { SESSION_COOKIE } from './request-context';

/**
 * The pages the build wrote beside the shell (index.html), listed in `prerendered/pages.json`:
 *   - `signedOut` (decision 058): the signed-out pages ('/', '/login': the login form in the app's
 *     frame) rendered into HTML, so that a new visitor's browser paints the form before the app's
 *     JavaScript has run; the app then takes it over (hydrates it). Sent only where no one can be
 *     signed in (no session cookie) and the address carries no query (a ?redirect= or a sign-in
 *     notice changes what the form shows).
 *   - `signedIn` (decision 059): the shell naming the signed-in start's chunk as a modulepreload,
 *     sent for every page to a browser with a session cookie, which fetches that chunk beside the
 *     entry instead of after it.
 *   - `signedOutByLocale` (decision 361): the signed-out pages in each language; a visitor gets
 *     theirs (the `medrem-locale` cookie of a choice made on the device, else Accept-Language),
 *     English when the build has no page in it.
 *   - `signedInByLocale` (decision 361): the signed-in shell per language, naming that language's
 *     catalogs as modulepreloads too (the app starts in the language the same cookie, else the
 *     browser's languages, pick; a signed-in device keeps the account's choice in that cookie).
 * A listed file that is missing is left out: the shell answers instead.
 */
export interface PageFiles {
  signedOut: ReadonlyMap<string, string>;
  signedOutByLocale: ReadonlyMap<Locale, ReadonlyMap<string, string>>;
  signedIn: string | undefined;
  signedInByLocale: ReadonlyMap<Locale, string>;
}

const NO_PAGES: PageFiles = {
  signedOut: new Map(),
  signedOutByLocale: new Map(),
  signedIn: undefined,
  signedInByLocale: new Map(),
};

export function readPageFiles(root: string): PageFiles {
  const list = path.join(root, 'prerendered', 'pages.json');
  if (!existsSync(list)) return NO_PAGES;
  const pages = JSON.parse(readFileSync(list, 'utf8')) as Partial<{
    signedOut: Record<string, string>;
    signedOutByLocale: Record<string, Record<string, string>>;
    signedIn: string;
    signedInByLocale: Record<string, string>;
  }>;
  const built = (file: string | undefined) => file !== undefined && existsSync(path.join(root, file));
  const builtPages = (byPath: Record<string, string> | undefined) =>
    new Map(Object.entries(byPath ?? {}).filter(([, file]) => built(file)));
  return {
    signedOut: builtPages(pages.signedOut),
    signedOutByLocale: new Map(
      Object.entries(pages.signedOutByLocale ?? {})
        .filter((entry): entry is [Locale, Record<string, string>] => isLocale(entry[0]))
        .map(([locale, byPath]) => [locale, builtPages(byPath)] as const),
    ),
    signedIn: built(pages.signedIn) ? pages.signedIn : undefined,
    signedInByLocale: new Map(
      Object.entries(pages.signedInByLocale ?? {}).filter(
        (entry): entry is [Locale, string] => isLocale(entry[0]) && built(entry[1]),
      ),
    ),
  };
}

/** The file that answers a page URL, by who may be asking (see `readPageFiles`). */
export function pageFileFor(
  url: string,
  cookies: Readonly<Record<string, string | undefined>>,
  pages: PageFiles,
  locale: Locale = SOURCE_LOCALE,
): string {
  if (cookies[SESSION_COOKIE]) return pages.signedInByLocale.get(locale) ?? pages.signedIn ?? 'index.html';
  const [pathname = '/', query] = url.split('?', 2);
  const file = pages.signedOutByLocale.get(locale)?.get(pathname) ?? pages.signedOut.get(pathname);
  return file && query === undefined ? file : 'index.html';
}

/** The built web app, wherever it is: WEB_DIST_DIR, else apps/web/dist beside this server. */
export function locateWebDist(configured: string | undefined): string | undefined {
  if (configured) return existsSync(configured) ? configured : undefined;
  const here = path.dirname(fileURLToPath(import.meta.url));
  const candidates = [path.resolve(here, '../../web/dist'), path.resolve(here, '../../../../web/dist')];
  return candidates.find((dir) => existsSync(path.join(dir, 'index.html')));
}

/**
 * Serves the installable web app and answers any other page URL with its index.html (client-side
 * routes). API paths that match nothing get a JSON 404 instead.
 */
export default fp(
  async (app) => {
    const root = locateWebDist(app.config.webDistDir);
    let pages: PageFiles = NO_PAGES;
    if (!root) {
      app.log.warn('No built web app found (run `npm run build`); serving the API only.');
    } else {
      pages = readPageFiles(root);
      await app.register(staticFiles, {
        root,
        wildcard: false,
        index: false,
        // The build writes file.br and file.gz beside each text file (apps/web/scripts/precompress.mjs):
        // sent with Content-Encoding and Vary: Accept-Encoding when the client accepts them, else
        // the file itself.
        preCompressed: true,
        setHeaders: (res, sentPath) => {
          const filePath = sentPath.replace(/\.(br|gz)$/, '');
          const name = path.basename(filePath);
          // Hashed assets never change; the service worker, manifest and shell must be re-checked.
          if (filePath.includes(`${path.sep}assets${path.sep}`)) {
            void res.header('Cache-Control', 'public, max-age=31536000, immutable');
          } else if (name === 'sw.js' || name.endsWith('.html') || name.endsWith('.webmanifest')) {
            void res.header('Cache-Control', 'no-cache');
          }
          if (name === 'sw.js') void res.header('Service-Worker-Allowed', '/');
        },
      });
    }
    // Decision 061: '/' for a session carries the dashboard's first answers in the signed-in page
    // (in the request's language, decision 361).
    const signedInPages = new Map<Locale | undefined, string>();
    if (root && pages.signedIn) {
      signedInPages.set(undefined, readFileSync(path.join(root, pages.signedIn), 'utf8'));
      for (const [locale, file] of pages.signedInByLocale)
        signedInPages.set(locale, readFileSync(path.join(root, file), 'utf8'));
    }
    // The answers cost reads the rate limit counts on the API: at most as many per IP and minute here
    // (per process); beyond that the page goes without them, and the app asks through the API.
    const answersAsked = new MemoryAttemptCounter(60_000);
    const sendDashboardStart = async (request: FastifyRequest, reply: FastifyReply) => {
      const locale = requestLocale(request.cookies, request.headers['accept-language']);
      const signedInPage = signedInPages.get(locale) ?? signedInPages.get(undefined);
      if (!signedInPage) return false;
      if ((await answersAsked.add(request.ip, app.clock.now())) > app.config.rateLimitPerMinute) return false;
      let answers: Awaited<ReturnType<typeof dashboardStartFor>>;
      try {
        answers = await dashboardStartFor(app, request, reply);
      } catch (error) {
        // The page without them: the app asks for them itself.
        request.log.warn({ err: error }, 'could not gather the dashboard start answers');
        return false;
      }
      if (!answers) return false;
      await reply
        .header('Vary', 'Cookie, Accept-Language')
        // Someone's health data: never stored by a shared cache, nor kept by the browser.
        .header('Cache-Control', 'private, no-store')
        .type('text/html; charset=utf-8')
        .send(withDashboardStart(signedInPage, answers));
      return true;
    };
    app.setNotFoundHandler(async (request, reply) => {
      const pathname = request.url.split('?')[0] ?? '/';
      const isApi = isApiPath(pathname);
      // A missing file (a stale hashed asset after a redeploy) must be a 404, not index.html served
      // as JavaScript; only page URLs (no file extension) fall back to the app.
      const isFile = /\.[A-Za-z0-9]+$/.test(pathname.split('/').pop() ?? '');
      if (isFile && !isApi) {
        return reply.status(404).send({ code: 'NOT_FOUND', message: `No such file: ${pathname}` });
      }
      if (
        pathname === '/' &&
        request.method === 'GET' &&
        request.cookies[SESSION_COOKIE] &&
        (await sendDashboardStart(request, reply))
      ) {
        return reply;
      }
      if (root && !isApi && (request.method === 'GET' || request.method === 'HEAD')) {
        // Whether a session cookie came decides which file a page gets, and the language which
        // signed-out page: caches must keep them apart.
        if (pages.signedOut.has(pathname)) void reply.header('Vary', 'Cookie, Accept-Language');
        else if (pages.signedIn) void reply.header('Vary', 'Cookie, Accept-Language');
        const locale = requestLocale(request.cookies, request.headers['accept-language']);
        return reply
          .header('Cache-Control', 'no-cache')
          .sendFile(pageFileFor(request.url, request.cookies, pages, locale), root);
      }
      return reply
        .status(404)
        .send({ code: 'NOT_FOUND', message: `No such endpoint: ${request.method} ${pathname}` });
    });
  },
  { name: 'web-app', dependencies: ['cookies', 'services'] },
);

/**
 * First-load benchmark of the web app (issue 9; not a test). It measures the production build as
 * `npm start` serves it (`node apps/server/dist/server.js`, a fresh DATA_DIR) and prints:
 *   - the initial JavaScript of `/`: every script and modulepreload in index.html, gzip -9 of each
 *     file (deterministic) and the bytes the server actually sends for `Accept-Encoding: br, gzip`;
 *   - Lighthouse (from npm, default = mobile preset with simulated throttling) in Debian's Chromium,
 *     signed-out `/` and the signed-in dashboard (an account seeded through the API, its session
 *     cookie injected, the service worker cold): the median of each figure over --runs runs.
 *
 *   npm run bench:web                    (builds first)
 *   npm run bench:web -- --no-build --runs 5 --out /tmp/web.json --reports /tmp/lh-reports
 *   npm run bench:web -- --no-build --server old/server.js --web-dist old/web   (another build)
 *   npm run bench:web -- --no-build --locale ar   (the pages in Arabic: the device's choice and the
 *                                                  account's language, issue 54)
 *
 * CHROME_PATH (default /usr/bin/chromium) and --port (default: a free port) say where.
 */
import { execFileSync, spawn } from 'node:child_process';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { SUPPORTED_LOCALES, isLocale } from '@medrem/contract/locales';
import { gzipSync } from 'node:zlib';
import lighthouse, { type Flags, type Result } from 'lighthouse';
import puppeteer, { type Browser } from 'puppeteer-core';
import { initialScriptUrls } from '../apps/web/scripts/first-load-size.mjs';
import { freePort, median, SERVER_ENV, SERVER_NODE_FLAGS, seedAccount, waitFor } from './bench-support';
import { holdBenchLock } from './bench-lock';

const { values: args } = parseArgs({
  options: {
    runs: { type: 'string', default: '3' },
    port: { type: 'string' }, // default: a free one
    'no-build': { type: 'boolean', default: false },
    out: { type: 'string' },
    reports: { type: 'string' },
    // Another build to compare (e.g. an older commit's, built into a git-ignored folder).
    server: { type: 'string', default: 'apps/server/dist/server.js' },
    'web-dist': { type: 'string' },
    // The language the pages are asked in (issue 54): the device's choice cookie and the account's.
    locale: { type: 'string', default: 'en' },
  },
});
if (!isLocale(args.locale)) throw new Error(`--locale: one of ${SUPPORTED_LOCALES.join(', ')}`);
const LOCALE = args.locale;
/** The device's language choice, as the web app sets it (src/i18n/active-locale.ts); none for English. */
const LOCALE_COOKIE = LOCALE === 'en' ? undefined : { name: 'medrem-locale', value: LOCALE };
const RUNS = Number(args.runs);
const PORT = args.port ? Number(args.port) : await freePort();
const ORIGIN = `http://127.0.0.1:${PORT}`;
const CHROME_PATH = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

// The flags every headless Chromium of this project gets (see the project's shared-machine rules).
const CHROME_FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-dev-shm-usage',
];

interface InitialJs {
  files: { url: string; gzip9: number; wire: number; encoding: string | null }[];
  gzip9: number;
  wire: number;
}

/** What index.html makes the browser fetch before the app can run: its scripts and modulepreloads. */
async function initialJavaScript(): Promise<InitialJs> {
  // What a new visitor's `/` loads: the prerendered page's starter and what it names (decision 058).
  const cookie = LOCALE_COOKIE ? { cookie: `${LOCALE_COOKIE.name}=${LOCALE_COOKIE.value}` } : undefined;
  const urls = initialScriptUrls(await (await fetch(`${ORIGIN}/`, { headers: cookie })).text());
  const files = await Promise.all(
    urls.map(async (url) => {
      const identity = Buffer.from(
        await (await fetch(`${ORIGIN}${url}`, { headers: { 'accept-encoding': 'identity' } })).arrayBuffer(),
      );
      // undici would decode the body; the Content-Length of the encoded answer is what travels.
      const head = await fetch(`${ORIGIN}${url}`, {
        method: 'HEAD',
        headers: { 'accept-encoding': 'br, gzip' },
      });
      const encoding = head.headers.get('content-encoding');
      const wire = Number(head.headers.get('content-length') ?? identity.length);
      return { url, gzip9: gzipSync(identity, { level: 9 }).length, wire, encoding };
    }),
  );
  return {
    files,
    gzip9: files.reduce((sum, f) => sum + f.gzip9, 0),
    wire: files.reduce((sum, f) => sum + f.wire, 0),
  };
}

interface RunFigures {
  performance: number;
  accessibility: number;
  bestPractices: number;
  fcpMs: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  speedIndexMs: number;
  transferKiB: number;
  benchmarkIndex: number;
  failedAudits: string[];
}

function figures(lhr: Result): RunFigures {
  const score = (id: string) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
  const value = (id: string) => lhr.audits[id]?.numericValue ?? NaN;
  const failedAudits = ['accessibility', 'best-practices', 'performance'].flatMap((category) =>
    (lhr.categories[category]?.auditRefs ?? [])
      .filter((ref) => ref.weight > 0 && (lhr.audits[ref.id]?.score ?? 1) < 0.9)
      .map((ref) => `${category}:${ref.id}`),
  );
  return {
    performance: score('performance'),
    accessibility: score('accessibility'),
    bestPractices: score('best-practices'),
    fcpMs: value('first-contentful-paint'),
    lcpMs: value('largest-contentful-paint'),
    tbtMs: value('total-blocking-time'),
    cls: value('cumulative-layout-shift'),
    speedIndexMs: value('speed-index'),
    transferKiB: value('total-byte-weight') / 1024,
    benchmarkIndex: lhr.environment.benchmarkIndex,
    failedAudits,
  };
}

/** One Lighthouse run in a fresh browser profile (cold HTTP cache, no service worker). */
/** Lighthouse's own advice for a trace it could not read ("Please run Lighthouse again"). */
class TraceUnreadable extends Error {}

/**
 * One run, started again (twice at most) when Lighthouse could not read its trace (NO_NAVSTART:
 * 3 of 14 runs on 2026-11-26, in the dashboard runs): a fresh browser, the same page and build.
 * Any other failure ends the benchmark.
 */
async function lighthouseRun(label: string, sessionCookie?: string): Promise<RunFigures> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await lighthouseAttempt(label, sessionCookie);
    } catch (error) {
      if (!(error instanceof TraceUnreadable) || attempt === 3) throw error;
      console.error(`${label}: ${error.message}; running it again`);
    }
  }
}

async function lighthouseAttempt(label: string, sessionCookie?: string): Promise<RunFigures> {
  const userDataDir = await mkdtemp(path.join(tmpdir(), 'medrem-bench-chrome-'));
  let browser: Browser | undefined;
  try {
    browser = await puppeteer.launch({
      executablePath: CHROME_PATH,
      headless: true,
      userDataDir,
      defaultViewport: null,
      args: CHROME_FLAGS,
    });
    if (LOCALE_COOKIE) {
      await browser.setCookie({ ...LOCALE_COOKIE, domain: '127.0.0.1', path: '/', sameSite: 'Lax' });
    }
    if (sessionCookie) {
      await browser.setCookie({
        name: 'mr_session',
        value: sessionCookie,
        domain: '127.0.0.1',
        path: '/',
        httpOnly: true,
        sameSite: 'Lax',
      });
    }
    const page = await browser.newPage();
    const flags: Flags = {
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance', 'accessibility', 'best-practices'],
    };
    // No config: Lighthouse's default, the mobile preset (Moto G Power, slow 4G, 4x CPU slowdown).
    const result = await lighthouse(`${ORIGIN}/`, flags, undefined, page);
    if (!result) throw new Error('Lighthouse returned nothing');
    const failure = result.lhr.runtimeError;
    if (failure?.code === 'NO_NAVSTART') throw new TraceUnreadable(failure.message);
    if (failure) throw new Error(failure.message);
    // --reports DIR keeps each run's full Lighthouse report (open it in the Lighthouse viewer).
    if (args.reports) {
      await mkdir(args.reports, { recursive: true });
      await writeFile(path.join(args.reports, `${label}.json`), JSON.stringify(result.lhr));
      // The run's trace too (open it in Chrome's Performance panel): what the unattributed
      // main-thread time is, which the report alone cannot say.
      const trace = (result.artifacts as { Trace?: unknown }).Trace;
      if (trace) await writeFile(path.join(args.reports, `${label}.trace.json`), JSON.stringify(trace));
    }
    return figures(result.lhr);
  } finally {
    await browser?.close();
    await rm(userDataDir, { recursive: true, force: true });
  }
}

function summarise(runs: RunFigures[]) {
  const pick = (key: Exclude<keyof RunFigures, 'failedAudits'>) => median(runs.map((r) => r[key]));
  return {
    performance: pick('performance'),
    accessibility: pick('accessibility'),
    bestPractices: pick('bestPractices'),
    fcpMs: Math.round(pick('fcpMs')),
    lcpMs: Math.round(pick('lcpMs')),
    tbtMs: Math.round(pick('tbtMs')),
    cls: Number(pick('cls').toFixed(3)),
    speedIndexMs: Math.round(pick('speedIndexMs')),
    transferKiB: Number(pick('transferKiB').toFixed(1)),
    benchmarkIndex: Math.round(pick('benchmarkIndex')),
    failedAudits: [...new Set(runs.flatMap((r) => r.failedAudits))],
    runs,
  };
}

async function main(): Promise<void> {
  holdBenchLock('bench:web');
  if (!args['no-build']) {
    execFileSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
  }
  const dataDir = await mkdtemp(path.join(tmpdir(), 'medrem-bench-web-'));
  const webDist = args['web-dist'] ? { WEB_DIST_DIR: path.resolve(args['web-dist']) } : {};
  const server = spawn(process.execPath, [...SERVER_NODE_FLAGS, path.resolve(root, args.server)], {
    cwd: root,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      ...process.env,
      ...SERVER_ENV,
      ...webDist,
      PORT: String(PORT),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      NODE_ENV: 'production',
    },
  });
  try {
    await waitFor(ORIGIN, '/api/health', server);
    const load = loadavg()[0]!.toFixed(1);
    const js = await initialJavaScript();
    const { cookie } = await seedAccount(
      ORIGIN,
      [
        ['Aspirin', '1-0-1'],
        ['Vitamin D', '1-0-0'],
        ['Metformin', '1-1-1'],
      ],
      LOCALE,
    );
    const signedOut: RunFigures[] = [];
    const dashboard: RunFigures[] = [];
    for (let i = 0; i < RUNS; i += 1) {
      if (server.exitCode !== null)
        throw new Error(`the server exited (${server.exitCode}); figures would not be its own`);
      signedOut.push(await lighthouseRun(`signed-out-${i + 1}`));
      dashboard.push(await lighthouseRun(`dashboard-${i + 1}`, cookie));
      console.error(
        `run ${i + 1}/${RUNS}: / signed out LCP ${Math.round(signedOut[i]!.lcpMs)} ms, dashboard LCP ${Math.round(dashboard[i]!.lcpMs)} ms`,
      );
    }
    const result = {
      date: new Date().toISOString(),
      commit: execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: root }).toString().trim(),
      locale: LOCALE,
      loadAverageAtStart: Number(load),
      initialJs: js,
      signedOut: summarise(signedOut),
      dashboard: summarise(dashboard),
    };
    const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KiB`;
    console.log(
      `\nInitial JS of / : ${js.files.length} files, ${kb(js.gzip9)} gzip -9, ${kb(js.wire)} on the wire`,
    );
    for (const f of js.files)
      console.log(`  ${f.url}  ${kb(f.gzip9)} gzip -9, ${kb(f.wire)} sent (${f.encoding ?? 'identity'})`);
    console.log(`\nLighthouse mobile, median of ${RUNS} (load average at start ${load}):`);
    console.log(
      '| page | perf | LCP | FCP | TBT | CLS | SI | a11y | best practices | transfer | benchmarkIndex |',
    );
    console.log('| --- | --: | --: | --: | --: | --: | --: | --: | --: | --: | --: |');
    for (const [label, s] of [
      ['`/` signed out', result.signedOut],
      ['dashboard (signed in)', result.dashboard],
    ] as const) {
      console.log(
        `| ${label} | ${s.performance} | ${(s.lcpMs / 1000).toFixed(2)} s | ${(s.fcpMs / 1000).toFixed(2)} s | ${s.tbtMs} ms | ${s.cls} | ${(s.speedIndexMs / 1000).toFixed(2)} s | ${s.accessibility} | ${s.bestPractices} | ${s.transferKiB} KiB | ${s.benchmarkIndex} |`,
      );
      if (s.failedAudits.length) console.log(`  audits below 0.9 in some run: ${s.failedAudits.join(', ')}`);
    }
    if (args.out) await writeFile(args.out, `${JSON.stringify(result, null, 2)}\n`);
  } finally {
    if (server.exitCode === null) {
      server.kill('SIGTERM');
      await new Promise((resolve) => server.once('exit', resolve));
    }
    await rm(dataDir, { recursive: true, force: true });
  }
}

await main();

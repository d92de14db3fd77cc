// Decision 058: renders the signed-out pages ('/' and '/login': the login form in the app's frame)
// at build time into copies of the built index.html, so that a new visitor's browser paints the
// form from the HTML instead of after the app's JavaScript has loaded and run. Run after
// `vite build` (it reads dist/index.html) and before scripts/precompress.mjs (which compresses them).
//
// Writes dist/prerendered/<page>.html and, for decision 059, dist/prerendered/signed-in.html: the
// shell naming the signed-in start's chunk and its language's catalogs as modulepreloads, so that a
// browser with a session cookie fetches them beside the entry; other languages' pages and shells
// go in dist/prerendered/<locale>/ (decision 361). dist/prerendered/pages.json lists them for the
// server (`signedOut`: address → file, sent only to requests without a session cookie or a query;
// `signedIn`: the file for every page request with one; `…ByLocale`: the same per language). Not in the service worker's precache: the
// worker answers every page with the plain shell, and has the chunks in its cache.
import { lingui } from '@lingui/vite-plugin';
import babel from '@rolldown/plugin-babel';
import react from '@vitejs/plugin-react';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build } from 'vite';
import { offlineStartFiles } from './precache-core.mjs';
import { SIGNED_IN_START_MODULES } from './start-chunks.mjs';

const webRoot = join(dirname(fileURLToPath(import.meta.url)), '..');
const dist = process.argv[2] ?? join(webRoot, 'dist');
const entry = join(webRoot, 'src/app/signed-out/signed-out.prerender.tsx');

const escapeHtml = (text) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/**
 * The built index.html with `markup` as the content of #root, marked with the address it is for,
 * the head's title and description the page would set, and in place of the app's scripts the one
 * that fetches them once the page has been painted (`starter`: src/app/signed-out/
 * start-after-first-paint.ts, its file and the files it imports, preloaded beside it as Vite does
 * for an entry): they make the painted form work, they do not draw it. What it names is the entry
 * and its static imports (`entryImports`, from Vite's manifest).
 */
function withPrerenderedRoot(
  shell,
  { pathname, locale, dir, markup, head, starter, entryImports, startCatalog },
) {
  const start = shell.indexOf('<div id="root">');
  const end = shell.indexOf('<div id="overlays">');
  if (start < 0 || end < start) throw new Error('index.html must hold #root followed by #overlays');
  const entry = /<script type="module" crossorigin src="([^"]+)"><\/script>\s*/.exec(shell);
  if (!entry) throw new Error('index.html has no module script');
  const preloads = [...shell.matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)">\s*/g)];
  // Decision 361: the page in its language, marked so that the app takes it over only in that one.
  let page = shell.slice(0, start).replace(/<html lang="[^"]*"/, `<html lang="${locale}" dir="${dir}"`);
  for (const tag of [entry, ...preloads]) page = page.replace(tag[0], '');
  page = page
    .replace(/<title>[^<]*<\/title>/, `<title>${escapeHtml(head.title)}</title>`)
    .replace(/(<meta name="description" content=")[^"]*"/, `$1${escapeHtml(head.description)}"`)
    .replace(
      '</head>',
      [
        ...starter.imports.map((href) => `  <link rel="modulepreload" crossorigin href="${href}">\n`),
        `  <script type="module" crossorigin src="${starter.file}" data-entry="${entry[1]}"`,
        ` data-preloads="${[...entryImports, startCatalog].join(' ')}"></script>\n  </head>`,
      ].join(''),
    );
  return `${page}<div id="root" data-prerendered="${pathname}" data-locale="${locale}">${markup}</div>\n    ${shell.slice(end)}`;
}

/**
 * The shell for a browser with a session cookie (decision 059): index.html naming, beside the
 * entry's own, the files of the signed-in start that the entry does not load (from Vite's manifest).
 */
function withSignedInStart(shell, viteManifest, locale, dir) {
  const entryFiles = offlineStartFiles(viteManifest, ['index.html']);
  const files = [...offlineStartFiles(viteManifest, SIGNED_IN_START_MODULES)].filter(
    (file) => file.endsWith('.js') && !entryFiles.has(file),
  );
  if (files.length === 0)
    throw new Error('the build has no signed-in start chunk (scripts/start-chunks.mjs)');
  // Decision 361: the signed-in start renders nothing before its language's catalogs have loaded,
  // and the entry asks for them only once it runs; named here, they arrive beside it.
  const catalogs = ['start', 'app'].map((part) => catalogFile(viteManifest, locale, part));
  const links = [...files, ...catalogs].map(
    (file) => `<link rel="modulepreload" crossorigin href="/${file}">`,
  );
  return shell
    .replace(/<html lang="[^"]*"/, `<html lang="${locale}" dir="${dir}"`)
    .replace('</head>', `${links.join('')}</head>`);
}

/** The chunk of `locale`'s catalog `part` ('start' or 'app'; src/i18n/active-locale.ts loads them). */
function catalogFile(viteManifest, locale, part) {
  const chunk = viteManifest[`src/locales/${locale}/${part}.po`];
  if (!chunk) throw new Error(`the build has no ${part} catalog for ${locale}`);
  return chunk.file;
}

// What the page loads later (the full app, the dashboard, the toasts) is not rendered here: its
// imports stay as they are in the rendered module and are never run.
const dynamicImportsLeftOut = {
  name: 'medrem:dynamic-imports-left-out',
  resolveDynamicImport: (specifier) =>
    typeof specifier === 'string' ? { id: specifier, external: true } : null,
};

async function main() {
  const out = mkdtempSync(join(tmpdir(), 'medrem-prerender-'));
  try {
    await build({
      configFile: false,
      root: webRoot,
      logLevel: 'warn',
      plugins: [
        babel({ plugins: ['@lingui/babel-plugin-lingui-macro'] }),
        react(),
        lingui(),
        dynamicImportsLeftOut,
      ],
      // Everything in one self-contained file that Node can run from a temporary directory.
      ssr: { noExternal: true },
      build: {
        ssr: entry,
        outDir: out,
        emptyOutDir: true,
        rolldownOptions: { output: { entryFileNames: 'signed-out.prerender.mjs' } },
      },
    });
    const {
      PRERENDERED_PAGES,
      SUPPORTED_LOCALES,
      renderSignedOutPage,
      headOfSignedOutPage,
      setRenderLanguage,
      textDirection,
    } = await import(pathToFileURL(join(out, 'signed-out.prerender.mjs')).href);
    const shell = readFileSync(join(dist, 'index.html'), 'utf8');
    const viteManifest = JSON.parse(readFileSync(join(dist, '.vite', 'manifest.json'), 'utf8'));
    const starterChunk = viteManifest['src/app/signed-out/start-after-first-paint.ts'];
    if (!starterChunk) throw new Error('the build has no start-after-first-paint script (vite.config.ts)');
    const starter = {
      file: `/${starterChunk.file}`,
      imports: (starterChunk.imports ?? []).map((key) => `/${viteManifest[key].file}`),
    };
    const entryImports = (viteManifest['index.html']?.imports ?? []).map(
      (key) => `/${viteManifest[key].file}`,
    );
    mkdirSync(join(dist, 'prerendered'), { recursive: true });
    // Decision 361: each page in every language; English at the paths it always had, the others in
    // a folder per language. The server picks by the visitor's choice (cookie) or Accept-Language.
    const signedOut = {};
    const signedOutByLocale = {};
    for (const locale of SUPPORTED_LOCALES) {
      setRenderLanguage(locale);
      const pagesOfLocale = (signedOutByLocale[locale] = {});
      for (const { pathname, file: englishFile } of PRERENDERED_PAGES) {
        const file =
          locale === 'en' ? englishFile : englishFile.replace('prerendered/', `prerendered/${locale}/`);
        const page = withPrerenderedRoot(shell, {
          pathname,
          locale,
          dir: textDirection(locale),
          markup: renderSignedOutPage(pathname),
          head: headOfSignedOutPage(pathname),
          starter,
          entryImports,
          // The app takes the page over only once its language's texts are there: fetched beside it.
          startCatalog: `/${catalogFile(viteManifest, locale, 'start')}`,
        });
        mkdirSync(dirname(join(dist, file)), { recursive: true });
        writeFileSync(join(dist, file), page);
        pagesOfLocale[pathname] = file;
        if (locale === 'en') signedOut[pathname] = file;
      }
    }
    // The signed-in shell per language (decision 361), English at the path it always had.
    const signedInByLocale = {};
    for (const locale of SUPPORTED_LOCALES) {
      const file = locale === 'en' ? 'prerendered/signed-in.html' : `prerendered/${locale}/signed-in.html`;
      mkdirSync(dirname(join(dist, file)), { recursive: true });
      writeFileSync(join(dist, file), withSignedInStart(shell, viteManifest, locale, textDirection(locale)));
      signedInByLocale[locale] = file;
    }
    const signedIn = signedInByLocale.en;
    const pages = { signedOut, signedOutByLocale, signedIn, signedInByLocale };
    writeFileSync(join(dist, 'prerendered', 'pages.json'), `${JSON.stringify(pages, null, 2)}\n`);
    console.log(
      `prerendered: ${Object.keys(signedOut).join(', ')} and the signed-in shell in ${SUPPORTED_LOCALES.length} languages`,
    );
  } finally {
    rmSync(out, { recursive: true, force: true });
  }
}

await main();

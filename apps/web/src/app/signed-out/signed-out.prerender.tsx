import type { Messages } from '@lingui/core';
import { type Locale, SUPPORTED_LOCALES, textDirection } from '@medrem/contract/locales';
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { i18n } from '../../i18n/lingui-runtime';
import { pageTitle } from '../../lib/page-title.hook';
import { Root } from '../root.component';
import { signedOutHead } from './signed-out-app.component';

/** The addresses whose signed-out page is rendered at build time; the server maps them to files. */
export const PRERENDERED_PAGES = [
  { pathname: '/', file: 'prerendered/home.html' },
  { pathname: '/login', file: 'prerendered/login.html' },
] as const;

export { SUPPORTED_LOCALES, textDirection };

// Every language's first-paint texts: the pages are rendered once per language (decision 361).
const startCatalogs = import.meta.glob<{ messages: Messages }>('../../locales/*/start.po', { eager: true });

/** The page's language for the renders that follow. */
export function setRenderLanguage(locale: Locale): void {
  const catalog = startCatalogs[`../../locales/${locale}/start.po`];
  if (!catalog) throw new Error(`No start catalog for ${locale}`);
  i18n.loadAndActivate({ locale, messages: catalog.messages });
}

/**
 * Decision 058: the markup of `#root` for a signed-out visitor at `pathname`, exactly what
 * src/main.tsx renders there in the browser (same tree), so that the browser takes it over
 * (hydrates it) instead of drawing it again. Run by scripts/prerender.mjs in Node at build time.
 */
export function renderSignedOutPage(pathname: string): string {
  return renderToString(
    <StrictMode>
      <Root start={{ kind: 'signed-out', at: { pathname, search: '' } }} />
    </StrictMode>,
  );
}

/** The document's title and description at `pathname`, as the page sets them once it runs. */
export function headOfSignedOutPage(pathname: string): { title: string; description: string } {
  const { screen, description } = signedOutHead(pathname);
  return { title: pageTitle(screen), description };
}

import { StrictMode } from 'react';
import { messages } from '../../locales/en/start.po';
import { i18n } from '../../i18n/lingui-runtime';
import { renderToString } from 'react-dom/server';
import { pageTitle } from '../../lib/page-title.hook';
import { Root } from '../root.component';
import { signedOutHead } from './signed-out-app.component';

/** The addresses whose signed-out page is rendered at build time; the server maps them to files. */
export const PRERENDERED_PAGES = [
  { pathname: '/', file: 'prerendered/home.html' },
  { pathname: '/login', file: 'prerendered/login.html' },
] as const;

/**
 * Decision 058: the markup of `#root` for a signed-out visitor at `pathname`, exactly what
 * src/main.tsx renders there in the browser (same tree), so that the browser takes it over
 * (hydrates it) instead of drawing it again. Run by scripts/prerender.mjs in Node at build time.
 */
export function renderSignedOutPage(pathname: string): string {
  // In English, the language of a page with no other choice known (decision 361).
  i18n.loadAndActivate({ locale: 'en', messages });
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

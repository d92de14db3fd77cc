import 'react-toastify/ReactToastify.css';
import './styles.css';
// First, so that an install offer the browser sends while the app starts is kept for its prompt.
import './app/shell/install-offer';
import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { loadFullApp } from './app/full-app';
import { Overlays } from './app/overlays.component';
import { Root, type Start } from './app/root.component';
import { takeDashboardStart } from './app/dashboard-start';
import { currentAddress } from './app/signed-out/page-address';
import { activateLocale, startLocale } from './i18n/active-locale';
import { fetchSession, maySignedOutStart } from './app/start-session';
import { onIdle } from './lib/on-idle';
import { startToken } from './lib/start-token';

/** Settles when the browser is first idle after the app's first render: its first screen is drawn. */
let drawn: () => void = () => undefined;
const firstScreenDrawn = new Promise<void>((resolve) => (drawn = resolve));

/**
 * Decision 051: a signed-out visitor's first paint is the login form with React alone; everyone
 * else gets the full app (router, React Query, tRPC), a chunk of its own (with the dashboard:
 * decision 059). Nothing is rendered before the choice is made: the top bar painted from
 * index.html stays until then.
 *
 * Decision 056: the session question is asked by index.html's preload, while this script loads;
 * `fetchSession` picks up that answer. A device that holds a token or an account saved for offline
 * use does not wait for it (an offline start must not hang on the network): the full app gets it
 * when it is there by the time the app's chunk is, and otherwise asks again itself.
 *
 * Decision 061: the page a session gets at '/' brings the dashboard's answers; they go to the full
 * app, which shows them at once, and the token is then asked for once that first screen is drawn.
 */
async function chooseStart(): Promise<Start> {
  const asked = fetchSession();
  if (maySignedOutStart()) {
    const session = await asked;
    if (session?.user === null) return { kind: 'signed-out', at: currentAddress() };
    const answers = takeDashboardStart(session);
    // Decision 059: the token's round trip runs while the app's chunk loads, not after it rendered;
    // with the dashboard's answers from the page, once the first screen is drawn (decision 061).
    if (session?.user) startToken.request(session.user.email, answers ? firstScreenDrawn : undefined);
    return { kind: 'full', App: (await loadFullApp()).App, session, answers };
  }
  const { App } = await loadFullApp();
  // The answer if it has settled already: race() takes the first settled promise in array order.
  const session = await Promise.race([asked, Promise.resolve(undefined)]);
  return { kind: 'full', App, session, answers: takeDashboardStart(session) };
}

/**
 * Decision 058: the server sends '/' and '/login' with the signed-out page already in `#root`
 * (rendered at build time, marked with the address it was rendered for) when no one can be signed
 * in. That page is taken over as it is (hydrated: no redraw, typed text kept); anything else
 * replaces what `#root` holds.
 */
function isPrerenderedFor(root: HTMLElement, start: Start, locale: string): boolean {
  return (
    start.kind === 'signed-out' &&
    start.at.search === '' &&
    root.dataset['prerendered'] === start.at.pathname &&
    // Rendered in another language than the page's (decision 361): drawn again, not taken over.
    (root.dataset['locale'] ?? 'en') === locale
  );
}

const root = document.getElementById('root');
const overlays = document.getElementById('overlays');
if (!root || !overlays) throw new Error('index.html has no #root or #overlays element');
// Decision 361: the page's language and its first texts load while the session is asked.
const locale = startLocale();
void Promise.all([chooseStart(), activateLocale(locale)]).then(([start]) => {
  const page = (
    <StrictMode>
      <Root start={start} />
    </StrictMode>
  );
  if (isPrerenderedFor(root, start, locale)) hydrateRoot(root, page);
  else createRoot(root).render(page);
  createRoot(overlays).render(
    <StrictMode>
      <Overlays />
    </StrictMode>,
  );
  onIdle(drawn);
  // Decision 361: the language's catalogs into the service worker's cache once it runs, so that
  // "Continue" on the offline page can start the full app (the full app does this itself).
  if (start.kind === 'signed-out' && 'serviceWorker' in navigator) {
    void navigator.serviceWorker.ready
      .then(() => import('./app/warm-offline-cache'))
      .then((m) => m.keepLanguageOffline())
      .catch(() => undefined); // offline already: the next start online caches them
  }
});

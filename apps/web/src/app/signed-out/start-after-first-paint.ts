/**
 * Decision 058: the only script of a prerendered signed-out page (apps/web/scripts/prerender.mjs).
 * The page is already drawn from its HTML; the app's scripts only make the drawn form work
 * (hydration). Fetched alongside the style sheet, they would share a slow link with it and hold
 * back the first paint, so they are asked for once the browser reports the page painted (its
 * first-contentful-paint entry, which comes after the frame is on screen: a frame callback runs
 * before the paint is presented, and scripts asked for then could still end before it).
 *
 * The entry and the modules it imports are named by the script element (`data-entry`,
 * `data-preloads`: the hashed files of this build), and preloaded together as index.html would.
 */
// Listens for the browser's install offer from the start: the prompt shows it once the app runs.
import '../shell/install-offer';

const script = document.querySelector<HTMLScriptElement>('script[data-entry]');
const entry = script?.dataset['entry'];
const preloads = script?.dataset['preloads']?.split(' ').filter(Boolean) ?? [];

function startApp(): void {
  if (!entry) throw new Error('start-after-first-paint: the page names no entry script');
  for (const href of preloads) {
    const link = document.createElement('link');
    link.rel = 'modulepreload';
    link.href = href;
    link.crossOrigin = '';
    document.head.append(link);
  }
  void import(/* @vite-ignore */ entry);
}

/** Runs `start` once the page has been painted, or after `fallbackMs` (a tab opened in the background paints only when shown). */
function afterFirstPaint(start: () => void, fallbackMs: number): void {
  let started = false;
  const once = () => {
    if (started) return;
    started = true;
    start();
  };
  if (!PerformanceObserver.supportedEntryTypes.includes('paint')) {
    requestAnimationFrame(() => setTimeout(once, 0));
    return;
  }
  const observer = new PerformanceObserver((entries) => {
    if (entries.getEntriesByName('first-contentful-paint').length === 0) return;
    observer.disconnect();
    once();
  });
  observer.observe({ type: 'paint', buffered: true });
  setTimeout(once, fallbackMs);
}

afterFirstPaint(startApp, 3_000);

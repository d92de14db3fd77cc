/**
 * Decision 058: the only script of a prerendered signed-out page (apps/web/scripts/prerender.mjs).
 * The page is already drawn from its HTML; the app's scripts only make the drawn form work
 * (hydration). Fetched alongside the style sheet, they would share a slow link with it and hold
 * back the first paint, so they are asked for once the page has been painted: a frame callback
 * runs before the first paint, the task it queues after it.
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

requestAnimationFrame(() => setTimeout(startApp, 0));

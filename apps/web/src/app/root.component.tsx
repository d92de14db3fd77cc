import { useCallback, useState } from 'react';
import { ToastHost } from '../shared/ui/toast-host.component';
import { type FullApp, loadFullApp } from './full-app';
import { PwaPrompts } from './shell/pwa-prompts.component';
import { type Departure, SignedOutApp } from './signed-out/signed-out-app.component';
import type { SessionAnswer } from './start-session';

/** Which start of the app is showing (decision 051). */
export type Start =
  { kind: 'signed-out' } | { kind: 'full'; App: FullApp; session: SessionAnswer | undefined };

/**
 * The page: the signed-out first paint or the full app, and beside either the PWA prompts and the
 * toasts, which stay mounted when the first hands over to the second (a "Welcome back!" toast
 * shown by the login form is still there on the dashboard).
 */
export function Root({ start }: { start: Start }) {
  const [current, setCurrent] = useState(start);
  const leave = useCallback(async ({ path, replace, session }: Departure) => {
    let App: FullApp;
    try {
      ({ App } = await loadFullApp());
    } catch (error) {
      // Its chunk could not be fetched: a page load of the address gets the app another way.
      console.warn('Could not load the app; loading the page instead', error);
      window.location.assign(path);
      return;
    }
    // The router, created by the full app, starts at the address it finds.
    if (replace) window.history.replaceState(null, '', path);
    else window.history.pushState(null, '', path);
    setCurrent({ kind: 'full', App, session });
  }, []);
  return (
    <>
      {current.kind === 'full' ? (
        <current.App initialSession={current.session} />
      ) : (
        <SignedOutApp onLeave={leave} />
      )}
      <PwaPrompts />
      <ToastHost />
    </>
  );
}

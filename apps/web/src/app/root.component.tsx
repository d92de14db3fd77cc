import { useCallback, useState } from 'react';
import { type FullApp, loadFullApp } from './full-app';
import { type Departure, SignedOutApp } from './signed-out/signed-out-app.component';
import type { PageAddress } from './signed-out/page-address';
import type { DashboardStart } from '@medrem/contract';
import type { SessionAnswer } from './start-session';

/** Which start of the app is showing (decision 051), and for the signed-out one, at which address. */
export type Start =
  | { kind: 'signed-out'; at: PageAddress }
  | {
      kind: 'full';
      App: FullApp;
      session: SessionAnswer | undefined;
      /** The dashboard's first answers, from the page (decision 061). */
      answers?: DashboardStart | undefined;
    };

/**
 * The page in `#root`: the signed-out first paint or the full app. The first may have been
 * rendered at build time into the HTML (decision 058) and is then taken over (hydrated), which is
 * why nothing here reads the browser while rendering: the address comes in with the start.
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
  return current.kind === 'full' ? (
    <current.App initialSession={current.session} dashboardStart={current.answers} />
  ) : (
    <SignedOutApp at={current.at} onLeave={leave} />
  );
}

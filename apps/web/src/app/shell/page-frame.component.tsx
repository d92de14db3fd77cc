import { Trans } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import { OfflineScreen } from './offline-screen.component';
import { PAGE_NOTICES_ID } from '../../shared/ui/page-notices';
import { TopNav } from './top-nav.component';

/**
 * What every screen sits in: the skip link, the top bar, the offline page or banner and the main
 * region. Both starts of the app render it (the full app's shell and the signed-out first paint,
 * decision 051), so the two look the same and switching from one to the other moves nothing.
 */
export function PageFrame({
  offlineDataTime,
  children,
}: {
  offlineDataTime: number | null;
  children: ReactNode;
}) {
  return (
    <>
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:absolute focus:top-2 focus:start-2 focus:z-50 focus:bg-white focus:p-2"
      >
        <Trans>Skip to content</Trans>
      </a>
      <TopNav />
      <OfflineScreen dataTime={offlineDataTime} />
      <main id="main" className="mx-auto w-full max-w-7xl px-3 py-6 sm:px-6">
        {children}
        <div id={PAGE_NOTICES_ID} />
      </main>
    </>
  );
}

import { Outlet } from '@tanstack/react-router';
import { Suspense } from 'react';
import { useAuth } from '../../features/auth/auth.context';
import { useOfflineDataTime } from '../../features/offline/use-offline-data.hook';
import { lazyNamed } from '../../lib/lazy-named';
import { RouterNavigation } from '../../routes/router-navigation.component';
import { LazyDialogHost } from '../../shared/dialogs/lazy-dialog-host.component';
import { PageFrame } from './page-frame.component';

// Signed-in only (settings, push): not part of the signed-out first load.
const SignedInExtras = lazyNamed(() => import('./signed-in-extras.component'), 'SignedInExtras');

/** The full app's root route. The PWA prompts and the toasts sit in a root of their own (app/overlays.component.tsx). */
export function AppShell() {
  const { user, loading } = useAuth();
  const offlineDataTime = useOfflineDataTime();
  return (
    <RouterNavigation>
      <PageFrame offlineDataTime={offlineDataTime}>
        <Outlet />
      </PageFrame>
      {user && !loading ? (
        <Suspense fallback={null}>
          <SignedInExtras userId={user.id} email={user.email} />
        </Suspense>
      ) : null}
      <LazyDialogHost />
    </RouterNavigation>
  );
}

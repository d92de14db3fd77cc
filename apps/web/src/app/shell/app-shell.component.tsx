import { Outlet } from '@tanstack/react-router';
import { useAuth } from '../../features/auth/auth.context';
import { useOfflineDataTime } from '../../features/offline/use-offline-data.hook';
import { useIdle } from '../../lib/idle.hook';
import { RouterNavigation } from '../../routes/router-navigation.component';
import { LazyDialogHost } from '../../shared/dialogs/lazy-dialog-host.component';
import { PageFrame } from './page-frame.component';
// Signed-in only (settings, push), like the rest of the full app: in the signed-in start's chunk,
// not in the signed-out first load (decision 059). Mounted once the browser is idle: the first
// screen needs none of it (decision 061).
import { SignedInExtras } from './signed-in-extras.component';

/** The full app's root route. The PWA prompts and the toasts sit in a root of their own (app/overlays.component.tsx). */
export function AppShell() {
  const { user, loading } = useAuth();
  const offlineDataTime = useOfflineDataTime();
  const idle = useIdle();
  return (
    <RouterNavigation>
      <PageFrame offlineDataTime={offlineDataTime}>
        <Outlet />
      </PageFrame>
      {user && !loading && idle ? (
        <SignedInExtras userId={user.id} email={user.email} emailVerified={user.emailVerified} />
      ) : null}
      <LazyDialogHost />
    </RouterNavigation>
  );
}

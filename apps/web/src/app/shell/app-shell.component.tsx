import { Outlet } from '@tanstack/react-router';
import { Suspense } from 'react';
import { useAuth } from '../../features/auth/auth.context';
import { lazyNamed } from '../../lib/lazy-named';
import { LazyDialogHost } from '../../shared/dialogs/lazy-dialog-host.component';
import { ToastHost } from '../../shared/ui/toast-host.component';
import { InstallPrompt } from './install-prompt.component';
import { OfflineScreen } from './offline-screen.component';
import { TopNav } from './top-nav.component';
import { UpdatePrompt } from './update-prompt.component';

// Signed-in only (settings, push): not part of the signed-out first load.
const SignedInExtras = lazyNamed(() => import('./signed-in-extras.component'), 'SignedInExtras');

export function AppShell() {
  const { user, loading } = useAuth();
  return (
    <>
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:absolute focus:top-2 focus:left-2 focus:z-50 focus:bg-white focus:p-2"
      >
        Skip to content
      </a>
      <TopNav />
      <OfflineScreen />
      <main id="main" className="mx-auto w-full max-w-7xl px-3 py-6 sm:px-6">
        <Outlet />
      </main>
      {user && !loading ? (
        <Suspense fallback={null}>
          <SignedInExtras userId={user.id} email={user.email} />
        </Suspense>
      ) : null}
      <LazyDialogHost />
      {/* Spec: install prompt bottom left, update prompt bottom right. On a phone they share one
          spot, the update prompt over the install prompt: neither may push the other up when it
          appears (that would be a layout shift), whichever comes first. */}
      <div className="pointer-events-none fixed inset-x-4 bottom-4 z-50 grid items-end gap-3 sm:flex sm:flex-row">
        <div className="col-start-1 row-start-1 flex flex-col justify-end">
          <InstallPrompt />
        </div>
        <div className="col-start-1 row-start-1 flex flex-col justify-end sm:ml-auto">
          <UpdatePrompt />
        </div>
      </div>
      <ToastHost />
    </>
  );
}

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
          <SignedInExtras email={user.email} />
        </Suspense>
      ) : null}
      <LazyDialogHost />
      {/* Spec: install prompt bottom left, update prompt bottom right; stacked on a phone. Reversed
          column: the update prompt (usually the later one) stacks above the install prompt instead of
          pushing it up, which would be a layout shift. */}
      <div className="pointer-events-none fixed inset-x-4 bottom-4 z-50 flex flex-col-reverse gap-3 sm:flex-row sm:items-end">
        <InstallPrompt />
        <UpdatePrompt />
      </div>
      <ToastHost />
    </>
  );
}

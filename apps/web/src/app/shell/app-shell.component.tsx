import { Outlet } from '@tanstack/react-router';
import { ToastContainer } from 'react-toastify/unstyled';
import { useAuth } from '../../features/auth/auth.context';
import { OutboxSync } from '../../features/offline/outbox-sync.component';
import { PushRegistration } from '../../features/push/push-registration.component';
import { TimeZonePrompt } from '../../features/settings/components/time-zone-prompt.component';
import { DialogHost } from '../../shared/dialogs/dialog-host.component';
import { InstallPrompt } from './install-prompt.component';
import { OfflineScreen } from './offline-screen.component';
import { TopNav } from './top-nav.component';
import { UpdatePrompt } from './update-prompt.component';

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
      {user && !loading ? <TimeZonePrompt /> : null}
      {user && !loading ? <PushRegistration email={user.email} /> : null}
      {user && !loading ? <OutboxSync userId={user.id} email={user.email} /> : null}
      <DialogHost />
      {/* Spec: install prompt bottom left, update prompt bottom right; stacked on a phone. */}
      <div className="pointer-events-none fixed inset-x-4 bottom-4 z-50 flex flex-col gap-3 sm:flex-row sm:items-end">
        <InstallPrompt />
        <UpdatePrompt />
      </div>
      {/* Spec: top right, light, newest on top, close on click, draggable, pause on hover and focus loss. */}
      <ToastContainer
        position="top-right"
        theme="light"
        newestOnTop
        closeOnClick
        draggable
        pauseOnHover
        pauseOnFocusLoss
        autoClose={3000}
      />
    </>
  );
}

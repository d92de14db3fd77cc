import { Suspense, useSyncExternalStore } from 'react';
import { lazyNamed } from '../../lib/lazy-named';
import { dialogStore } from './dialog.store';

// The dialog host is not needed until a dialog opens (the offline start precaches it: decision 051).
const DialogHost = lazyNamed(() => import('./dialog-host.component'), 'DialogHost');

/**
 * Fetches the dialog host's chunk ahead: a screen that may ask for a confirmation while offline (a
 * dose tick, issue 12) must not depend on the network, and without a service worker's precache the
 * chunk would not be there.
 */
export function preloadDialogHost(): Promise<unknown> {
  return DialogHost.load();
}

/** Mounts <DialogHost> (fetching its chunk the first time) once a confirmation or alert is queued. */
export function LazyDialogHost() {
  const request = useSyncExternalStore(dialogStore.subscribe, dialogStore.current);
  if (!request) return null;
  return (
    <Suspense fallback={null}>
      <DialogHost />
    </Suspense>
  );
}

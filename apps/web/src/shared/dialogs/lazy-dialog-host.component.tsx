import { Suspense, useSyncExternalStore } from 'react';
import { lazyNamed } from '../../lib/lazy-named';
import { dialogStore } from './dialog.store';

// Headless UI's Dialog (with its focus trap and floating-ui) is not needed until a dialog opens.
const DialogHost = lazyNamed(() => import('./dialog-host.component'), 'DialogHost');

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

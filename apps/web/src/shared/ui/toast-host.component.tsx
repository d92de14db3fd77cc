import { Suspense, useEffect, useSyncExternalStore } from 'react';
import { lazyNamed } from '../../lib/lazy-named';
import { onIdle } from '../../lib/on-idle';
import { loadToasts, toastsRequested } from '../../lib/toast';

const ToastContainer = lazyNamed(loadToasts, 'ToastContainer');

/** Mounts react-toastify's container once a toast is shown or the browser is idle after the first screen. */
export function ToastHost() {
  const requested = useSyncExternalStore(toastsRequested.subscribe, toastsRequested.current);
  useEffect(() => onIdle(() => void loadToasts()), []);
  if (!requested) return null;
  return (
    <Suspense fallback={null}>
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
    </Suspense>
  );
}

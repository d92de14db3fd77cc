import { textDirection } from '@medrem/contract/locales';
import { Suspense, useEffect, useRef, useSyncExternalStore } from 'react';
import { activeLocale } from '../../i18n/active-locale';
import { useCatalogVersion } from '../../i18n/lingui-runtime';
import { lazyNamed } from '../../lib/lazy-named';
import { noticesHeld } from '../../lib/notices-held';
import { onIdle } from '../../lib/on-idle';
import { loadToasts, toastsRequested } from '../../lib/toast';

const ToastContainer = lazyNamed(loadToasts, 'ToastContainer');

/**
 * Mounts react-toastify's container once a toast is shown or the browser is idle after the first
 * screen. While a popover holds the notices (decision 258) the toasts are hidden — not covering
 * it, not reachable by a pointer or a screen reader — and their timers paused, so none closes
 * unseen; they come back as they were when it closes.
 */
export function ToastHost() {
  const requested = useSyncExternalStore(toastsRequested.subscribe, toastsRequested.current);
  const held = useSyncExternalStore(noticesHeld.subscribe, noticesHeld.current);
  // Mirrored in right to left (decision 363): the top corner on the reading side's end.
  useCatalogVersion();
  const rtl = textDirection(activeLocale()) === 'rtl';
  useEffect(() => onIdle(() => void loadToasts()), []);
  const wasHeld = useRef(false);
  useEffect(() => {
    // Played again only after a hold: a toast paused by a hover or a lost focus stays paused.
    if (held === wasHeld.current) return;
    wasHeld.current = held;
    void loadToasts().then(({ toast }) => (held ? toast.pause() : toast.play()));
  }, [held]);
  if (!requested) return null;
  return (
    <div className={held ? 'invisible' : undefined} data-testid="toasts" data-held={held || undefined}>
      <Suspense fallback={null}>
        {/* Spec: top right (top left in Arabic), light, newest on top, close on click, draggable, pause on hover and focus loss. */}
        <ToastContainer
          position={rtl ? 'top-left' : 'top-right'}
          rtl={rtl}
          theme="light"
          newestOnTop
          closeOnClick
          draggable
          pauseOnHover
          pauseOnFocusLoss
          autoClose={3000}
        />
      </Suspense>
    </div>
  );
}

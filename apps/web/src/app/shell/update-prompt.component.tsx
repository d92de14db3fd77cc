import { useLingui } from '@lingui/react/macro';
import { useRegisterSW } from 'virtual:pwa-register/react';
import { useEffect } from 'react';
import { buttonClass } from '../../shared/ui/button.styles';

/** Spec: bottom right, 'New content available' (Reload/Later) or 'App ready to work offline' (close). */
export function UpdatePrompt() {
  const { t } = useLingui();
  const {
    needRefresh: [needRefresh, setNeedRefresh],
    offlineReady: [offlineReady, setOfflineReady],
    updateServiceWorker,
  } = useRegisterSW({
    onRegisterError: (error: unknown) => console.warn('Service worker registration failed', error),
  });

  // Spec: a new worker taking control (our Reload, or another tab's) reloads the page once.
  useEffect(() => {
    if (!('serviceWorker' in navigator) || !navigator.serviceWorker.controller) return;
    let reloading = false;
    const onChange = () => {
      if (reloading) return;
      reloading = true;
      window.location.reload();
    };
    navigator.serviceWorker.addEventListener('controllerchange', onChange);
    return () => navigator.serviceWorker.removeEventListener('controllerchange', onChange);
  }, []);

  if (!needRefresh && !offlineReady) return null;
  const close = () => {
    setNeedRefresh(false);
    setOfflineReady(false);
  };
  return (
    <div
      role="status"
      className="pointer-events-auto flex flex-col gap-3 rounded-xl border border-slate-200 bg-white p-4 shadow-xl sm:ms-auto sm:max-w-sm"
    >
      <p className="font-medium text-slate-900">
        {needRefresh ? t`New content available` : t`App ready to work offline`}
      </p>
      <div className="flex gap-2">
        {needRefresh ? (
          <>
            <button
              type="button"
              className={buttonClass.primary}
              onClick={() => void updateServiceWorker(true)}
            >
              {t({ message: 'Reload', comment: 'Button: reloads the page with the new version of the app' })}
            </button>
            <button type="button" className={buttonClass.secondary} onClick={close}>
              {t({ message: 'Later', comment: 'Button: dismisses the prompt for now' })}
            </button>
          </>
        ) : (
          <button type="button" className={buttonClass.secondary} onClick={close}>
            {t({ message: 'Close', comment: 'Button: closes the prompt' })}
          </button>
        )}
      </div>
    </div>
  );
}

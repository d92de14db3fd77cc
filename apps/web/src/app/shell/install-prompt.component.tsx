import { Trans, useLingui } from '@lingui/react/macro';
import { X } from 'lucide-react';
import { useSyncExternalStore } from 'react';
import { buttonClass } from '../../shared/ui/button.styles';
import { installOffer } from './install-offer';

/** Spec: hidden until the browser says the app can be installed; Install, Later or close hide it. */
export function InstallPrompt() {
  const { t } = useLingui();
  const event = useSyncExternalStore(installOffer.subscribe, installOffer.current, () => null);
  if (!event) return null;
  const hide = () => installOffer.clear();
  return (
    <div
      role="dialog"
      aria-labelledby="install-title"
      className="pointer-events-auto flex flex-col gap-3 rounded-xl border border-slate-200 bg-white p-4 shadow-xl sm:max-w-sm"
    >
      <div className="flex items-start justify-between gap-2">
        <p id="install-title" className="font-semibold text-slate-900">
          <Trans>Install Medicine Reminder</Trans>
        </p>
        <button
          type="button"
          className={buttonClass.icon}
          aria-label={t({ message: 'Close', comment: 'Button: closes the install prompt' })}
          onClick={hide}
        >
          <X aria-hidden="true" className="size-5" />
        </button>
      </div>
      <div className="flex gap-2">
        <button
          type="button"
          className={buttonClass.primary}
          onClick={() => {
            void event.prompt();
            hide();
          }}
        >
          {t({ message: 'Install', comment: 'Button: installs the app on this device' })}
        </button>
        <button type="button" className={buttonClass.secondary} onClick={hide}>
          {t({ message: 'Later', comment: 'Button: dismisses the prompt for now' })}
        </button>
      </div>
    </div>
  );
}

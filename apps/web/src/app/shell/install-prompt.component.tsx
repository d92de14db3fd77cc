import { X } from 'lucide-react';
import { useEffect, useState } from 'react';
import { buttonClass } from '../../shared/ui/button.styles';

/** Chromium's install event (not in the DOM typings). */
interface BeforeInstallPromptEvent extends Event {
  prompt(): Promise<void>;
  userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>;
}

/** Spec: hidden until the browser says the app can be installed; Install, Later or close hide it. */
export function InstallPrompt() {
  const [event, setEvent] = useState<BeforeInstallPromptEvent | null>(null);
  useEffect(() => {
    const onPrompt = (e: Event) => {
      e.preventDefault();
      setEvent(e as BeforeInstallPromptEvent);
    };
    window.addEventListener('beforeinstallprompt', onPrompt);
    return () => window.removeEventListener('beforeinstallprompt', onPrompt);
  }, []);
  if (!event) return null;
  const hide = () => setEvent(null);
  return (
    <div
      role="dialog"
      aria-labelledby="install-title"
      className="pointer-events-auto flex flex-col gap-3 rounded-xl border border-slate-200 bg-white p-4 shadow-xl sm:max-w-sm"
    >
      <div className="flex items-start justify-between gap-2">
        <p id="install-title" className="font-semibold text-slate-900">
          Install Medicine Reminder
        </p>
        <button type="button" className={buttonClass.icon} aria-label="Close" onClick={hide}>
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
          Install
        </button>
        <button type="button" className={buttonClass.secondary} onClick={hide}>
          Later
        </button>
      </div>
    </div>
  );
}

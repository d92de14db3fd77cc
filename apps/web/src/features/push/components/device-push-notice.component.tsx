import { useLingui } from '@lingui/react/macro';
import { X } from 'lucide-react';
import { useState, useSyncExternalStore } from 'react';
import { createPortal } from 'react-dom';
import { buttonClass } from '../../../shared/ui/button.styles';
import { PAGE_NOTICES_ID } from '../../../shared/ui/page-notices';
import { devicePushState, type DevicePushState } from '../push-state';
import { DevicePushStatus } from './device-push-status.component';

const DISMISSED_KEY = 'medrem.devicePushNotice.dismissed';

/** What the shell tells without being asked: reminders not on yet, not a secure page, a failure. */
const NOTICED: ReadonlySet<DevicePushState> = new Set(['not-asked', 'insecure', 'failed']);

function dismissedFor(): string | null {
  try {
    return localStorage.getItem(DISMISSED_KEY);
  } catch {
    return null;
  }
}

/**
 * A card at the end of the page (in its flow, never over its buttons, moving nothing on screen) while this device cannot get reminders and a tap or a word can
 * help (decision 197). "Not now" hides it for that state; a new state shows it again.
 */
export function DevicePushNotice() {
  const { t } = useLingui();
  const state = useSyncExternalStore(devicePushState.subscribe, devicePushState.current);
  const [dismissed, setDismissed] = useState(dismissedFor);
  if (!NOTICED.has(state) || dismissed === state) return null;
  const host = document.getElementById(PAGE_NOTICES_ID);
  if (!host) return null;
  const hide = () => {
    try {
      localStorage.setItem(DISMISSED_KEY, state);
    } catch {
      // Private mode: hidden for this page only.
    }
    setDismissed(state);
  };
  return createPortal(
    <aside
      aria-label={t`Reminders on this device`}
      className="mt-6 flex flex-col gap-3 rounded-xl border border-slate-200 bg-white p-4 shadow-sm"
    >
      <div className="flex items-start justify-between gap-2">
        <DevicePushStatus />
        <button type="button" className={buttonClass.icon} aria-label={t`Not now`} onClick={hide}>
          <X aria-hidden="true" className="size-5" />
        </button>
      </div>
    </aside>,
    host,
  );
}

import { useLingui } from '@lingui/react/macro';
import { BellOff, BellRing, ShieldAlert } from 'lucide-react';
import { useState } from 'react';
import { buttonClass } from '../../../shared/ui/button.styles';
import { DEVICE_PUSH_TEXT, type DevicePushState } from '../push-state';
import { useDevicePush } from '../use-device-push.hook';

/** States a tap on the button can change: asking (not asked yet) or trying again (failed). */
export const CAN_TURN_ON: ReadonlySet<DevicePushState> = new Set(['not-asked', 'failed']);

const ICON = { good: BellRing, bad: BellOff, warn: ShieldAlert } as const;

function tone(state: DevicePushState): keyof typeof ICON {
  if (state === 'subscribed') return 'good';
  return state === 'insecure' ? 'warn' : 'bad';
}

/**
 * This device's true push state and, where a tap can help, the button that asks for permission
 * (decision 197). Used by Settings → Notifications and by the shell's notice.
 */
export function DevicePushStatus({ headingLevel = 3 }: { headingLevel?: 2 | 3 }) {
  const { t } = useLingui();
  const { state, turnOn } = useDevicePush();
  const [busy, setBusy] = useState(false);
  const text = DEVICE_PUSH_TEXT[state];
  const Icon = ICON[tone(state)];
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <div className="flex items-start gap-3" data-testid="device-push-status" data-state={state}>
      <Icon
        aria-hidden="true"
        className={`mt-1 size-5 shrink-0 ${state === 'subscribed' ? 'text-green-700' : 'text-amber-800'}`}
      />
      <div className="flex flex-col gap-2">
        <Heading className="font-medium text-slate-900">{t(text.title)}</Heading>
        {text.detail ? (
          <p className="text-sm text-slate-700" role={state === 'checking' ? undefined : 'status'}>
            {t(text.detail)}
          </p>
        ) : null}
        {CAN_TURN_ON.has(state) ? (
          <button
            type="button"
            className={`${buttonClass.primary} self-start`}
            disabled={busy}
            onClick={() => {
              // Asked inside the tap itself: iOS refuses a permission request made without one.
              setBusy(true);
              void turnOn().finally(() => setBusy(false));
            }}
          >
            {busy ? t`Turning on…` : t`Turn on reminders on this device`}
          </button>
        ) : null}
      </div>
    </div>
  );
}

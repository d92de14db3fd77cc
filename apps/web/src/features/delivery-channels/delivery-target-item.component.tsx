import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import { Trans, useLingui } from '@lingui/react/macro';
import { formatDateTime } from '../../i18n/intl-formats';
import type { DeliveryTargetView } from '@medrem/contract';
import { Send, Trash2 } from 'lucide-react';
import { useId, useState } from 'react';
import { buttonClass, inputClass } from '../../shared/ui/button.styles';
import type { ChannelMode, useDeliveryChannels } from './delivery-channels.queries';

const when = (iso: string) => formatDateTime(iso, { dateStyle: 'medium', timeStyle: 'short' }, 'en-US');

/** Messages, translated where shown (`t(descriptor)`). */
const KIND_NAMES: Record<DeliveryTargetView['kind'], MessageDescriptor> = {
  webpush: msg({ message: 'Browser', comment: 'Kind of delivery target: a browser with Web Push' }),
  fcm: msg({ message: 'App', comment: 'Kind of delivery target: the mobile app' }),
  email: msg({ message: 'Email', comment: 'Kind of delivery target' }),
  ntfy: msg({ message: 'ntfy', comment: 'Kind of delivery target: the ntfy service (a product name)' }),
  webhook: msg({ message: 'Webhook', comment: 'Kind of delivery target' }),
};

/** One device or channel: when reminders last reached it, the last failure and why, a test, remove. */
export function DeliveryTargetItem(props: {
  target: DeliveryTargetView;
  channels: ReturnType<typeof useDeliveryChannels>;
}) {
  const { t } = useLingui();
  const { target, channels } = props;
  const { label } = target;
  const id = useId();
  const [testing, setTesting] = useState(false);
  const [result, setResult] = useState<{ accepted: boolean; message: string } | null>(null);
  const isChannel = target.kind === 'email' || target.kind === 'ntfy' || target.kind === 'webhook';
  const failedLast =
    target.lastFailureAt !== null &&
    (target.lastSuccessAt === null || target.lastFailureAt > target.lastSuccessAt);

  /** When the last delivery failed, and why (the server's words). */
  const lastFailure = (at: string, reason: string | null) => {
    const failedAt = when(at);
    const why = reason ?? '';
    return t({
      message: `${failedAt}: ${why}`,
      comment: 'The last failed delivery: its date and time, and why',
    });
  };

  const runTest = async () => {
    setTesting(true);
    setResult(null);
    setResult(await channels.test(target.id));
    setTesting(false);
  };

  return (
    <li className="flex flex-col gap-2 py-3" aria-labelledby={`${id}-name`}>
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <p id={`${id}-name`} className="font-medium break-all text-slate-900">
          {target.label}
        </p>
        <span className="rounded bg-slate-100 px-2 py-0.5 text-sm text-slate-700">
          {t(KIND_NAMES[target.kind])}
        </span>
      </div>
      <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
        <dt className="text-slate-600">
          <Trans>Last delivered</Trans>
        </dt>
        <dd className="text-slate-900">{target.lastSuccessAt ? when(target.lastSuccessAt) : t`Not yet`}</dd>
        {target.lastFailureAt ? (
          <>
            <dt className="text-slate-600">
              <Trans>Last failure</Trans>
            </dt>
            <dd className={failedLast ? 'font-medium text-red-800' : 'text-slate-800'}>
              {lastFailure(target.lastFailureAt, target.lastFailure)}
            </dd>
          </>
        ) : null}
      </dl>
      {isChannel ? (
        <div className="flex flex-col gap-1 sm:flex-row sm:items-center sm:gap-3">
          <label htmlFor={`${id}-mode`} className="text-sm font-medium text-slate-800">
            <Trans comment="Label: which reminders the channel gets">Sends</Trans>
          </label>
          <select
            id={`${id}-mode`}
            className={`${inputClass} sm:max-w-72`}
            value={target.mode}
            onChange={(e) => void channels.setMode(target.id, e.target.value as ChannelMode)}
          >
            <option value="every">{t`Every reminder`}</option>
            <option value="fallback">{t`Only when push fails`}</option>
          </select>
        </div>
      ) : null}
      <div className="flex flex-wrap gap-2">
        <button
          type="button"
          className={buttonClass.secondary}
          disabled={testing}
          onClick={() => void runTest()}
          aria-describedby={`${id}-name`}
        >
          <Send aria-hidden="true" className="size-5 rtl:-scale-x-100" />
          {testing ? t`Sending…` : t`Send a test reminder`}
        </button>
        <button
          type="button"
          className={buttonClass.ghost}
          onClick={() => void channels.remove(target)}
          aria-label={t`Remove ${label}`}
        >
          <Trash2 aria-hidden="true" className="size-5" />
          <Trans comment="Button: remove a device or channel">Remove</Trans>
        </button>
      </div>
      <p
        role="status"
        className={result?.accepted === false ? 'text-sm font-medium text-red-800' : 'text-sm text-green-800'}
      >
        {result?.message ?? ''}
      </p>
    </li>
  );
}

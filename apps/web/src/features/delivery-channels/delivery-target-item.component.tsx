import type { DeliveryTargetView } from '@medrem/contract';
import { Send, Trash2 } from 'lucide-react';
import { useId, useState } from 'react';
import { buttonClass, inputClass } from '../../shared/ui/button.styles';
import type { ChannelMode, useDeliveryChannels } from './delivery-channels.queries';

const when = (iso: string) =>
  new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });

const KIND_NAMES: Record<DeliveryTargetView['kind'], string> = {
  webpush: 'Browser',
  fcm: 'App',
  email: 'Email',
  ntfy: 'ntfy',
  webhook: 'Webhook',
};

/** One device or channel: when reminders last reached it, the last failure and why, a test, remove. */
export function DeliveryTargetItem(props: {
  target: DeliveryTargetView;
  channels: ReturnType<typeof useDeliveryChannels>;
}) {
  const { target, channels } = props;
  const id = useId();
  const [testing, setTesting] = useState(false);
  const [result, setResult] = useState<{ accepted: boolean; message: string } | null>(null);
  const isChannel = target.kind === 'email' || target.kind === 'ntfy' || target.kind === 'webhook';
  const failedLast =
    target.lastFailureAt !== null &&
    (target.lastSuccessAt === null || target.lastFailureAt > target.lastSuccessAt);

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
          {KIND_NAMES[target.kind]}
        </span>
      </div>
      <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
        <dt className="text-slate-600">Last delivered</dt>
        <dd className="text-slate-900">{target.lastSuccessAt ? when(target.lastSuccessAt) : 'Not yet'}</dd>
        {target.lastFailureAt ? (
          <>
            <dt className="text-slate-600">Last failure</dt>
            <dd className={failedLast ? 'font-medium text-red-800' : 'text-slate-800'}>
              {when(target.lastFailureAt)}: {target.lastFailure}
            </dd>
          </>
        ) : null}
      </dl>
      {isChannel ? (
        <div className="flex flex-col gap-1 sm:flex-row sm:items-center sm:gap-3">
          <label htmlFor={`${id}-mode`} className="text-sm font-medium text-slate-800">
            Sends
          </label>
          <select
            id={`${id}-mode`}
            className={`${inputClass} sm:max-w-72`}
            value={target.mode}
            onChange={(e) => void channels.setMode(target.id, e.target.value as ChannelMode)}
          >
            <option value="every">Every reminder</option>
            <option value="fallback">Only when push fails</option>
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
          <Send aria-hidden="true" className="size-5" />
          {testing ? 'Sending…' : 'Send a test reminder'}
        </button>
        <button
          type="button"
          className={buttonClass.ghost}
          onClick={() => void channels.remove(target)}
          aria-label={`Remove ${target.label}`}
        >
          <Trash2 aria-hidden="true" className="size-5" />
          Remove
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

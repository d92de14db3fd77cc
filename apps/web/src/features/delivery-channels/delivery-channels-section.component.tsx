import { Trans, useLingui } from '@lingui/react/macro';
import { useId } from 'react';
import { AddChannelForm } from './add-channel-form.component';
import { DeliveryTargetItem } from './delivery-target-item.component';
import { useDeliveryChannels } from './delivery-channels.queries';

/**
 * Settings → Notifications: every device and channel reminders go to, whether they reach it (last
 * delivery, last failure and why), a test reminder each, and new channels (issue 53).
 */
export function DeliveryChannelsSection() {
  const { t } = useLingui();
  const channels = useDeliveryChannels();
  const id = useId();
  return (
    <section aria-labelledby={`${id}-title`} className="mt-4 border-t border-slate-200 pt-4">
      <h3 id={`${id}-title`} className="text-lg font-semibold text-slate-900">
        <Trans>Devices and channels</Trans>
      </h3>
      <p className="text-sm text-slate-700">
        <Trans>Where your reminders go, and whether they arrive. Send a test reminder to check one.</Trans>
      </p>
      {channels.loading ? (
        <p className="mt-3 text-sm text-slate-600">
          <Trans>Loading…</Trans>
        </p>
      ) : channels.failed ? (
        <p className="mt-3 text-sm text-red-800" role="alert">
          <Trans>Your devices and channels could not be loaded. Please try again later.</Trans>
        </p>
      ) : channels.targets && channels.targets.length > 0 ? (
        <ul className="divide-y divide-slate-200" aria-label={t`Devices and channels`}>
          {channels.targets.map((target) => (
            <DeliveryTargetItem key={target.id} target={target} channels={channels} />
          ))}
        </ul>
      ) : (
        <p className="mt-3 text-sm text-slate-800">
          <Trans>
            No device or channel gets reminders yet. Turn on notifications on this device, or add a channel
            below.
          </Trans>
        </p>
      )}
      <div className="mt-4 border-t border-slate-200 pt-4">
        <AddChannelForm channels={channels} />
      </div>
    </section>
  );
}

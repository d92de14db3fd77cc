import { Trans, useLingui } from '@lingui/react/macro';
import { LIMITS } from '@medrem/contract';
import { WholeNumberField } from '../../../shared/forms/whole-number-field.component';
import { Toggle } from '../../../shared/ui/toggle.component';
import { DeliveryChannelsSection } from '../../delivery-channels/delivery-channels-section.component';
import { DevicePushStatus } from '../../push/components/device-push-status.component';
import type { SettingsDraft } from '../settings-draft';
import { FollowUpSettingsFields } from './follow-up-settings.component';

type NotificationSettings = SettingsDraft['notifications'];

const ADVANCE_BOUNDS = { min: 0, max: LIMITS.maxReminderAdvanceMinutes };

export function NotificationsTab(props: {
  value: NotificationSettings;
  onChange: (value: NotificationSettings) => void;
}) {
  const { t } = useLingui();
  const { value, onChange } = props;
  const set = <K extends keyof NotificationSettings>(key: K, v: NotificationSettings[K]) =>
    onChange({ ...value, [key]: v });
  return (
    <div>
      <h2 className="mb-2 text-xl font-semibold text-slate-900">
        <Trans>Notifications</Trans>
      </h2>
      {/* What this device can do, beside what the account asks for (decision 197). */}
      <section
        aria-label={t`This device`}
        className="mb-2 rounded-lg border border-slate-200 bg-slate-50 p-3"
      >
        <DevicePushStatus />
      </section>
      <div className="divide-y divide-slate-200">
        <Toggle
          label={t`Push Notifications`}
          description={t`Receive medicine reminders and alerts on every device where they are turned on`}
          checked={value.enabled}
          onChange={(v) => set('enabled', v)}
        />
        <Toggle
          label={t`Missed Dose Alerts`}
          description={t`Tell me when a dose was not marked as taken`}
          checked={value.missedDoseAlerts}
          onChange={(v) => set('missedDoseAlerts', v)}
        />
        <Toggle
          label={t`Refill Reminders`}
          description={t`Tell me when a medicine is running low`}
          checked={value.refillReminders}
          onChange={(v) => set('refillReminders', v)}
        />
        <Toggle
          label={t`Daily Summary`}
          description={t`A summary of the day's doses every evening`}
          checked={value.dailySummary}
          onChange={(v) => set('dailySummary', v)}
        />
        <Toggle
          label={t`Upcoming Dose Heads-up`}
          description={t`A reminder shortly before each dose`}
          checked={value.upcomingHeadsUp}
          onChange={(v) => set('upcomingHeadsUp', v)}
        />
        <FollowUpSettingsFields
          followUps={value.followUps}
          quietHours={value.quietHours}
          onChange={(change) => onChange({ ...value, ...change })}
        />
        <div className="py-3">
          <WholeNumberField
            id="settings-reminder-advance"
            label={t`Heads-up advance (minutes before a dose)`}
            bounds={ADVANCE_BOUNDS}
            value={value.reminderAdvance}
            onChange={(minutes) => set('reminderAdvance', minutes)}
          />
        </div>
      </div>
      <DeliveryChannelsSection />
    </div>
  );
}

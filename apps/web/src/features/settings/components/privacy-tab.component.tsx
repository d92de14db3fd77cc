import { Trans, useLingui } from '@lingui/react/macro';
import { Toggle } from '../../../shared/ui/toggle.component';
import { RecentActivitySection } from '../../activity/recent-activity-section.component';
import { AccessTokensSection } from '../../access-tokens/access-tokens-section.component';
import { CalendarFeedSection } from '../../calendar-feed/calendar-feed-section.component';
import { PasskeysSection } from '../../passkeys/passkeys-section.component';
import { TwoFactorSection } from '../../two-factor/two-factor-section.component';
import type { SettingsDraft } from '../settings-draft';
import { AccountActions } from './account-actions.component';
import { SessionsSection } from './sessions-section.component';

type PrivacySettings = SettingsDraft['privacy'];

export function PrivacyTab(props: { value: PrivacySettings; onChange: (value: PrivacySettings) => void }) {
  const { t } = useLingui();
  const { value, onChange } = props;
  return (
    <div>
      <h2 className="mb-2 text-xl font-semibold text-slate-900">{t`Privacy & Security`}</h2>
      <div className="divide-y divide-slate-200">
        <Toggle
          label={t`Data Sharing`}
          description={t`Allow anonymous usage data to improve the app`}
          checked={value.dataSharing}
          onChange={(dataSharing) => onChange({ ...value, dataSharing })}
        />
      </div>
      {/* Decision 198: the spec's "Analytics" switch is gone; it switched nothing. */}
      <p className="py-3 text-sm text-slate-700">
        <Trans>
          Medicine Reminder collects no usage analytics: nothing about how you use the app is sent anywhere.
        </Trans>
      </p>
      <CalendarFeedSection />
      <PasskeysSection />
      <TwoFactorSection />
      <AccessTokensSection />
      <SessionsSection />
      <RecentActivitySection />
      <AccountActions title={t`Data Management`} detailed />
    </div>
  );
}

import { Trans, useLingui } from '@lingui/react/macro';
import type { Settings } from '@medrem/contract';
import { Tab, TabGroup, TabList, TabPanel, TabPanels } from '@headlessui/react';
import { useNavigate, useSearch } from '@tanstack/react-router';
import { Bell, Clock, Shield, User, type LucideIcon } from 'lucide-react';
import { useState } from 'react';
import { usePageTitle } from '../../lib/page-title.hook';
import { useInvalidFields } from '../../shared/forms/field-validity.context';
import { useUnsavedChangesGuard } from '../../shared/dialogs/use-unsaved-changes-guard.hook';
import { buttonClass, cardClass } from '../../shared/ui/button.styles';
import { Spinner } from '../../shared/ui/spinner.component';
import { useAuth } from '../auth/auth.context';
import { useMedicines } from '../medicines/medicines.queries';
import { MedicineTimesTab } from './components/medicine-times-tab.component';
import { NotificationsTab } from './components/notifications-tab.component';
import { PrivacyTab } from './components/privacy-tab.component';
import { ProfileTab } from './components/profile-tab.component';
import { draftChanged, toDraft, type SettingsDraft } from './settings-draft';
import { SETTINGS_TABS, parseSettingsTab, type SettingsTabKey } from './settings-tabs';
import { useSettings } from './settings.queries';
import { useSaveAllSettings } from './use-save-all-settings.hook';

const TAB_ICON: Record<SettingsTabKey, LucideIcon> = {
  profile: User,
  notifications: Bell,
  medicineDefaults: Clock,
  privacy: Shield,
};

export function SettingsScreen() {
  const { t } = useLingui();
  usePageTitle(t`Settings`, t`Manage your account preferences and app settings`);
  const { settings } = useSettings();
  const medicines = useMedicines();
  if (!settings || medicines.isPending) return <Spinner label={t`Loading settings...`} />;
  // A fresh draft whenever the saved settings change (after a save or a refetch).
  return <SettingsForm key={JSON.stringify(settings)} settings={settings} medicines={medicines.data ?? []} />;
}

function SettingsForm({
  settings,
  medicines,
}: {
  settings: Settings;
  medicines: Parameters<typeof useSaveAllSettings>[1];
}) {
  const { t } = useLingui();
  const { tab } = useSearch({ from: '/_authed/settings' });
  const navigate = useNavigate({ from: '/settings' });
  const [draft, setDraft] = useState<SettingsDraft>(() => toDraft(settings));
  const { saveAll, saving } = useSaveAllSettings(settings, medicines);
  const changed = draftChanged(settings, draft);
  const [profileUnsaved, setProfileUnsaved] = useState(false);
  const { user } = useAuth();
  const { invalidIds, provide } = useInvalidFields();
  const [saveRefused, setSaveRefused] = useState(false);
  // A field still being corrected would be saved at its last good value: ask for the correction.
  const save = () => {
    const firstInvalid = invalidIds[0];
    setSaveRefused(firstInvalid !== undefined);
    if (firstInvalid === undefined) void saveAll(draft);
    else document.getElementById(firstInvalid)?.focus();
  };
  // Decision 217: the tabs' draft lives as long as this page, the profile's edit as long as its tab.
  // Signed out (account deleted, session lost), nothing could be saved: leave without asking.
  useUnsavedChangesGuard((next) => {
    if (!user) return false;
    const leavesPage = next === null || next.pathname !== '/settings';
    const leavesProfile = leavesPage || parseSettingsTab(next.search['tab']) !== 'profile';
    return (changed && leavesPage) || (profileUnsaved && leavesProfile);
  });
  const selectedIndex = Math.max(
    SETTINGS_TABS.findIndex((entry) => entry.key === tab),
    0,
  );
  const update =
    <K extends keyof SettingsDraft>(key: K) =>
    (value: SettingsDraft[K]) =>
      setDraft((d) => ({ ...d, [key]: value }));

  return (
    <div className="mx-auto flex max-w-5xl flex-col gap-6">
      <header>
        <h1 className="text-2xl font-bold text-slate-900">
          <Trans>Settings</Trans>
        </h1>
        <p className="text-slate-700">
          <Trans>Manage your account preferences and app settings</Trans>
        </p>
      </header>
      <TabGroup
        vertical
        selectedIndex={selectedIndex}
        onChange={(index) =>
          void navigate({ search: { tab: SETTINGS_TABS[index]?.key ?? 'profile' }, replace: true })
        }
        className="flex flex-col gap-6 md:flex-row"
      >
        <TabList
          aria-label={t`Settings sections`}
          className={`${cardClass} flex h-fit flex-col gap-1 md:w-64 md:shrink-0`}
        >
          {SETTINGS_TABS.map(({ key, label }) => {
            const Icon = TAB_ICON[key];
            return (
              <Tab
                key={key}
                className="flex min-h-11 items-center gap-3 rounded-lg px-3 py-2 text-start font-medium text-slate-800 hover:bg-slate-100 data-selected:bg-brand-700 data-selected:text-white"
              >
                <Icon aria-hidden="true" className="size-5" />
                {t(label)}
              </Tab>
            );
          })}
        </TabList>
        <div className="flex min-w-0 flex-1 flex-col gap-4">
          {provide(
            <TabPanels className={cardClass}>
              <TabPanel>
                <ProfileTab onUnsavedChange={setProfileUnsaved} />
              </TabPanel>
              <TabPanel>
                <NotificationsTab value={draft.notifications} onChange={update('notifications')} />
              </TabPanel>
              <TabPanel>
                <MedicineTimesTab
                  rows={draft.times}
                  onRowsChange={update('times')}
                  timezone={draft.timezone}
                  onTimezoneChange={update('timezone')}
                  takeEarlyMinutes={draft.medicineDefaults.takeEarlyMinutes}
                  onTakeEarlyChange={(takeEarlyMinutes) =>
                    update('medicineDefaults')({ ...draft.medicineDefaults, takeEarlyMinutes })
                  }
                />
              </TabPanel>
              <TabPanel>
                <PrivacyTab value={draft.privacy} onChange={update('privacy')} />
              </TabPanel>
            </TabPanels>,
          )}
          <div className="flex flex-wrap items-center justify-end gap-3">
            {saveRefused && invalidIds.length > 0 ? (
              <p role="alert" className="text-sm font-medium text-red-700">
                <Trans>Correct the field marked in red before saving.</Trans>
              </p>
            ) : changed ? (
              <p role="status" className="text-sm text-slate-700">
                <Trans>You have unsaved changes.</Trans>
              </p>
            ) : null}
            <button
              type="button"
              className={`${buttonClass.primary} w-full sm:w-auto`}
              disabled={saving}
              onClick={save}
            >
              {saving ? t`Saving...` : t`Save All Settings`}
            </button>
          </div>
        </div>
      </TabGroup>
    </div>
  );
}

/** Spec: the tab keys, in menu order; the default is profile. */
export const SETTINGS_TABS = [
  { key: 'profile', label: 'Profile' },
  { key: 'notifications', label: 'Notifications' },
  { key: 'medicineDefaults', label: 'Set Medicine Times' },
  { key: 'privacy', label: 'Privacy & Security' },
] as const;

export type SettingsTabKey = (typeof SETTINGS_TABS)[number]['key'];

export function parseSettingsTab(value: unknown): SettingsTabKey {
  return SETTINGS_TABS.find((tab) => tab.key === value)?.key ?? 'profile';
}

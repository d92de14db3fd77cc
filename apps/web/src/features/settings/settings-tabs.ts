import { msg } from '@lingui/core/macro';

/**
 * Spec: the tab keys, in menu order; the default is profile. The labels are messages, translated
 * where the menu is drawn (a module-level text would stay in the language it was loaded in).
 */
export const SETTINGS_TABS = [
  { key: 'profile', label: msg`Profile` },
  { key: 'notifications', label: msg`Notifications` },
  { key: 'medicineDefaults', label: msg`Set Medicine Times` },
  { key: 'privacy', label: msg`Privacy & Security` },
] as const;

export type SettingsTabKey = (typeof SETTINGS_TABS)[number]['key'];

export function parseSettingsTab(value: unknown): SettingsTabKey {
  return SETTINGS_TABS.find((tab) => tab.key === value)?.key ?? 'profile';
}

/**
 * What the settings feature announces after a save (times, zone or switches changed), so that
 * pending reminders follow at once. The reminder engine implements it.
 */
export interface SettingsChangeListener {
  userChanged(userId: string): Promise<void>;
}

import type { Database } from '../../db/database';

/**
 * What the journal announces when a person's measurement reminders change (decision 331), so the
 * engine's rows follow in the same transaction. Declared here; the reminder scheduler implements it.
 */
export interface MeasurementReminderChangeListener {
  /** The same listener over the caller's transaction. */
  within(tx: Database): MeasurementReminderChangeListener;
  /** A reminder was set or removed: its schedule rows are rewritten. */
  userChanged(userId: string): Promise<void>;
}

import type { StatementFollowUp } from '../../db/statement-follow-up';

/**
 * What the medicines feature announces after a change, so that pending reminders follow at once.
 * Declared here, by the feature that needs it; the reminder engine implements it (dependencies run
 * from reminders to medicines, never back).
 */
export interface MedicineChangeListener {
  /** The user's medicines were added, edited or deleted: reschedule their reminders. */
  userChanged(userId: string): Promise<void>;
  /** Doses were ticked or the supply changed: check refill urgency now. */
  supplyChanged(userId: string): Promise<void>;
  /**
   * The same, for a dose write made in one statement (decision 136): what to run in that statement,
   * only if it wrote, so the check commits with the dose as it would in the write's transaction.
   */
  supplyChangedWith(userId: string): StatementFollowUp;
  /**
   * One dose was postponed to `to` (HH:MM of its day), or its postponement taken back (null):
   * its reminder moves to the new time (decision 316), in the postponement's transaction.
   */
  dosePostponed(userId: string, dose: PostponedDose): Promise<void>;
}

/** A dose postponed (decision 316): which medicine's dose of which day and slot, and its new time. */
export interface PostponedDose {
  medicineId: string;
  date: string;
  slot: number;
  to: string | null;
}

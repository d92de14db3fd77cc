import type { MedicineChangeListener } from '../medicines/medicine-change.port';

/**
 * What the packs feature announces after a pack is added, used up or removed, so that the expiry
 * reminders follow (decision 323). The reminder engine implements it, as it does the medicines'.
 */
export interface PackChangeListener extends MedicineChangeListener {
  /** The user's packs on hand changed: their next expiry reminder is rescheduled. */
  packsChanged(userId: string): Promise<void>;
}

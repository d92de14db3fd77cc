/**
 * Told when a patient's care circle changes (a caregiver joins, leaves, is removed, or their alert
 * settings change), in the transaction of the change. The reminder engine implements it and
 * rewrites the patient's caregiver-alert rows; it also re-reads the circle when an alert fires.
 */
export interface CareChangeListener {
  careChanged(patientId: string): Promise<void>;
}

/**
 * Values the API document's examples share (decision 273), so that the same account, medicine and
 * day run through every call's example.
 */
export const EXAMPLE = {
  email: 'ada@example.com',
  otherEmail: 'grace@example.com',
  password: 'correct-horse-battery',
  name: 'Ada Lovelace',
  timezone: 'Europe/London',
  id: '3f2b8c1e-7a4d-4e29-9b6a-1c5d8e2f4a70',
  otherId: '9d4e6f20-1b3c-4a5d-8e7f-0a1b2c3d4e5f',
  date: '2026-11-21',
  instant: '2026-11-21T08:05:00Z',
  idempotencyKey: '6f1c2a9e-2d4b-4c8e-9a57-0b1d2c3e4f50',
  /** A single-use link's token as the mails carry it. */
  linkToken: 'q8Zt3vKp0sYw1xRb6nLm4cHd9fGj2aEu',
  permissions: { canSeeMedicines: true, missedDoseAlerts: true, missedDelayMinutes: 60, refillAlerts: false },
} as const;

/** A medicine as the create and update examples send it. */
export const EXAMPLE_MEDICINE = {
  name: 'Aspirin',
  dosage: '500 mg',
  frequency: '1-0-1',
  startDate: EXAMPLE.date,
  durationDays: 30,
  originalDurationDays: 30,
  totalPills: 60,
  pillsPerDose: 1,
  instructions: 'After food',
};

/**
 * What the spec's client sends (section 7 bodies, its field names and types) and what the server
 * answers (the shapes its services build), shared by the contract tests.
 */

export const EMAIL = 'ada@example.com';
export const MEDICINE_ID = '0b7e4c52-8f0a-4f61-9a57-3f1f3f2c9d11';
export const USER_ID = '5d1c2a9e-6b7f-4e38-8f0d-2a4b6c8d0e1f';
export const NOTIFICATION_ID = '9b5ef6e9-3c98-45e5-871f-a03a2ddc3cf1';
const AT = '2026-11-21T08:00:00.000Z';

/** POST /api/medicine as the spec's add form sends it: every field, the numbers converted. */
export const specCreateMedicineBody = {
  userEmail: EMAIL,
  name: 'Aspirin',
  dosage: '500mg',
  frequency: '1-0-1',
  startDate: '2026-11-21',
  scheduledTimes: ['08:00', '20:00'],
  durationDays: 10,
  originalDurationDays: 30,
  instructions: 'After food',
  totalPills: 20,
  originalTotalPills: 60,
  pillsPerDose: 1,
  dosesPerDay: 2,
};

/** PUT /api/medicine/{id} as the spec's update form sends it (no instructions), with the path id. */
export const specUpdateMedicineBody = {
  id: MEDICINE_ID,
  name: 'Aspirin',
  dosage: '325mg',
  frequency: '1-1-0',
  startDate: '2026-11-21',
  durationDays: 10,
  originalDurationDays: 30,
  totalPills: 20,
  pillsPerDose: 1,
};

export const serverUser = {
  id: USER_ID,
  name: 'Ada Lovelace',
  email: EMAIL,
  emailVerified: true,
  createdAt: AT,
  lastLogin: AT,
};

export const serverMedicine = {
  id: MEDICINE_ID,
  ...specCreateMedicineBody,
  reminders: [{ times: specCreateMedicineBody.scheduledTimes }],
  schedule: null,
  courseEndDate: '2026-12-20',
  pillsLeft: 19,
  daysLeft: 9,
  lastRefillAt: null,
  createdAt: AT,
  updatedAt: AT,
};

export const serverNotification = {
  id: NOTIFICATION_ID,
  type: 'refill',
  title: 'Refill Reminder',
  message: 'Aspirin is running low. Please refill your prescription.',
  medicineName: 'Aspirin',
  isRead: false,
  createdAt: AT,
  // The page it opens (decision 346); null: its type's usual page.
  link: null,
};

/** A save of changed settings as the spec's client sends it (no upcomingHeadsUp: it predates it). */
export const specSettingsGroups = {
  notifications: {
    enabled: true,
    reminderAdvance: 15,
    missedDoseAlerts: false,
    refillReminders: true,
    dailySummary: true,
  },
  medicineDefaults: {
    defaultDosesPerDay: 2,
    defaultReminderTimes: ['07:30', '13:00', '21:00'],
    defaultDurationDays: 14,
  },
  privacy: { dataSharing: true, analytics: false },
};

export const serverSettings = {
  ...specSettingsGroups,
  // Follow-ups and quiet hours (decisions 227, 228): the server answers them too.
  notifications: {
    ...specSettingsGroups.notifications,
    upcomingHeadsUp: false,
    followUps: { everyMinutes: 10, times: 3 },
    quietHours: { enabled: false, start: '22:00', end: '07:00' },
  },
  // The take-early window (decision 190): the spec's clients send none, the server answers it.
  medicineDefaults: { ...specSettingsGroups.medicineDefaults, takeEarlyMinutes: 60 },
  timezone: 'Europe/Paris',
  // Issue 54: the account's language and clock, answered by the server.
  locale: 'fr',
  clock: '24h',
  // Issue 54: the simple screen, chosen or not (null: the app offers it once).
  simpleMode: true,
  name: 'Ada Lovelace',
  email: EMAIL,
};

import type { Medicine } from '@medrem/contract';

/** A medicine as the API returns it, with overridable fields. */
export function medicine(overrides: Partial<Medicine> = {}): Medicine {
  return {
    id: '00000000-0000-4000-8000-000000000001',
    userEmail: 'ada@example.com',
    name: 'Aspirin',
    dosage: '500mg',
    frequency: '1-0-1',
    startDate: '2026-11-01',
    scheduledTimes: ['08:00', '20:00'],
    durationDays: 10,
    originalDurationDays: 30,
    instructions: '',
    totalPills: 20,
    originalTotalPills: 60,
    pillsPerDose: 1,
    dosesPerDay: 2,
    reminders: [{ times: ['08:00', '20:00'] }],
    schedule: null,
    courseEndDate: '2026-11-30',
    pillsLeft: 20,
    daysLeft: 10,
    lastRefillAt: null,
    createdAt: '2026-11-01T08:00:00.000Z',
    updatedAt: '2026-11-01T08:00:00.000Z',
    ...overrides,
  };
}

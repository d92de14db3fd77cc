import { INTERVAL_HOURS } from '@medrem/domain';
import { LIMITS, type Medicine } from '@medrem/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { aMedicine } from '../../support/api-client';
import { type SignedInUser, createMedicine, signedInUser } from '../../support/scenario';
import { TEST_ENGINE } from '../../support/test-database';
import { type TestServer, startTestServer } from '../../support/test-server';

/** A taper of 20 steps whose days add up to the course's bound exactly: 19 × 182 + 192 = 3650. */
const longestTaper = Array.from({ length: 20 }, (_, index) => ({
  days: index < 19 ? 182 : 192,
  dose: `${20 - index} mg`.padEnd(LIMITS.dosage, '.'),
  pillsPerDose: index === 0 ? LIMITS.maxPillsPerDose : 1,
}));

/** Line breaks and a tab: the controls instructions keep (decision 183). */
const INSTRUCTIONS = 'After food\n\twith water\n';

/**
 * Every kind of schedule with its edge values (decision 184): what the API answers for a medicine,
 * sent back unchanged, must be accepted and change nothing.
 */
const medicines: [string, Record<string, unknown>][] = [
  ['daily flags, schedule left out', { frequency: '1-0-1' }],
  ['daily flags, every slot', { frequency: '1-1-1', schedule: { kind: 'daily' } }],
  [
    'the longest text and the largest numbers',
    {
      name: 'N'.repeat(LIMITS.medicineName),
      dosage: 'd'.repeat(LIMITS.dosage),
      instructions: INSTRUCTIONS.padEnd(LIMITS.instructions, 'i'),
      frequency: '0-0-1',
      durationDays: LIMITS.maxDays,
      originalDurationDays: LIMITS.maxDays,
      totalPills: LIMITS.maxPills,
      pillsPerDose: LIMITS.maxPillsPerDose,
    },
  ],
  ['own times, one (decision 212)', { frequency: '1', doseTimes: ['06:30'] }],
  [
    'own times, eight on weekdays',
    {
      frequency: '1-1-1-1-1-1-1-1',
      doseTimes: ['00:00', '03:00', '06:00', '09:00', '12:00', '15:00', '18:00', '23:59'],
      schedule: { kind: 'weekdays', days: [1, 3] },
    },
  ],
  ['one weekday', { frequency: '1-0-0', schedule: { kind: 'weekdays', days: [0] } }],
  ['every weekday', { frequency: '1-0-1', schedule: { kind: 'weekdays', days: [0, 1, 2, 3, 4, 5, 6] } }],
  ['on/off cycle, shortest', { frequency: '1-0-0', schedule: { kind: 'cycle', daysOn: 1, daysOff: 1 } }],
  ['on/off cycle, longest', { frequency: '0-1-0', schedule: { kind: 'cycle', daysOn: 365, daysOff: 365 } }],
  [
    'every N hours, shortest',
    {
      frequency: '1-0-1',
      schedule: { kind: 'interval', everyHours: INTERVAL_HOURS.min, startTime: '00:00' },
    },
  ],
  [
    'every N hours, longest',
    { frequency: '1', schedule: { kind: 'interval', everyHours: INTERVAL_HOURS.max, startTime: '23:59' } },
  ],
  [
    'as needed, no limits',
    { frequency: '1', schedule: { kind: 'asNeeded', maxPer24h: null, minIntervalMinutes: null } },
  ],
  [
    'as needed, widest limits',
    { frequency: '1-0-0', schedule: { kind: 'asNeeded', maxPer24h: 24, minIntervalMinutes: 48 * 60 } },
  ],
  [
    'as needed, narrowest limits',
    { frequency: '1', schedule: { kind: 'asNeeded', maxPer24h: 1, minIntervalMinutes: 1 } },
  ],
  [
    'taper, one step',
    { frequency: '1-0-0', schedule: { kind: 'taper', steps: [{ days: 1, dose: '5 mg', pillsPerDose: 1 }] } },
  ],
  [
    'taper, 20 steps of 3650 days in all',
    { frequency: '1-0-1', schedule: { kind: 'taper', steps: longestTaper } },
  ],
];

/** What may differ after a write that changed nothing: the write's own time. */
const unchanged = ({ updatedAt: _updatedAt, ...rest }: Medicine) => rest;

describe(`a medicine read back is accepted back unchanged (${TEST_ENGINE})`, () => {
  let server: TestServer;
  let me: SignedInUser;
  beforeAll(async () => {
    server = await startTestServer({ now: '2026-11-21T10:00:00.000Z' });
    me = await signedInUser(server, { label: 'roundtrip' });
  });
  afterAll(() => server.close());

  it.each(medicines)('%s, over REST', async (_label, fields) => {
    const created = await createMedicine(me, { startDate: '2026-11-20', ...fields });
    const read = await me.api.get<Medicine>(`/api/medicine/${created.id}`);
    expect(read.status, read.text).toBe(200);
    const written = await me.api.put<Medicine>(`/api/medicine/${created.id}`, read.body);
    expect(written.status, written.text).toBe(200);
    expect(unchanged(written.body)).toEqual(unchanged(read.body));
    const again = await me.api.get<Medicine>(`/api/medicine/${created.id}`);
    expect(unchanged(again.body)).toEqual(unchanged(read.body));
  });

  it.each(medicines)('%s, over tRPC', async (_label, fields) => {
    const created = await createMedicine(me, { startDate: '2026-11-20', ...fields });
    const input = encodeURIComponent(JSON.stringify({ id: created.id }));
    const read = await me.api.get<{ result: { data: Medicine } }>(`/trpc/medicine.get?input=${input}`);
    expect(read.status, read.text).toBe(200);
    const medicine = read.body.result.data;
    const written = await me.api.post<{ result: { data: Medicine } }>('/trpc/medicine.update', medicine);
    expect(written.status, written.text).toBe(200);
    expect(unchanged(written.body.result.data)).toEqual(unchanged(medicine));
  });

  it('refuses, with the reason, a taper longer than a course may be, instead of storing what cannot be saved back', async () => {
    const steps = [...longestTaper.slice(0, 19), { ...longestTaper[19]!, days: 193 }];
    const response = await me.api.post('/api/medicine', {
      ...aMedicine(me.email),
      schedule: { kind: 'taper', steps },
    });
    expect(response.status, response.text).toBe(400);
    expect(response.text).toContain(`at most ${LIMITS.maxDays} days in all`);
  });

  it('still asks a slot schedule for a dose, also when an update leaves the stored schedule out', async () => {
    const daily = await createMedicine(me, { frequency: '1-0-0' });
    const refused = await me.api.put(`/api/medicine/${daily.id}`, {
      ...daily,
      schedule: undefined,
      frequency: '0-0-0',
    });
    expect(refused.status, refused.text).toBe(400);
    expect(refused.text).toContain('at least one dose');
    const created = await me.api.post('/api/medicine', { ...daily, frequency: '0' });
    expect(created.status, created.text).toBe(400);
    expect(created.text).toContain('at least one dose');
  });
});

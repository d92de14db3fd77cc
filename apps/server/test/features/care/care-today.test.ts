import { DEFAULT_CARE_PERMISSIONS } from '@medrem/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SignedInUser, createMedicine, setTaken, signedInUser } from '../../support/scenario';
import { TEST_ENGINE } from '../../support/test-database';
import { type TestServer, startTestServer } from '../../support/test-server';

type Slot = { slot: number; time: string; planned: number; taken: number; status: string };

/**
 * Decision 189: the caregiver's day counts every dose the patient's dashboard shows, every-N-hours
 * doses too (each a line at its time), so "Today: n of m" is the patient's whole day.
 */
describe(`a caregiver's today with every-N-hours doses (${TEST_ENGINE})`, () => {
  let server: TestServer;
  let patient: SignedInUser;
  let carer: SignedInUser;

  beforeAll(async () => {
    server = await startTestServer({ now: '2026-11-21T10:00:00.000Z' });
    patient = await signedInUser(server, { label: 'today-patient', timezone: 'UTC' });
    carer = await signedInUser(server, { label: 'today-carer' });
    await createMedicine(patient, { name: 'Metformin', frequency: '1-0-1', startDate: '2026-11-01' });
    const abx = await createMedicine(patient, {
      name: 'Amoxicillin',
      frequency: '1',
      startDate: '2026-11-20',
      originalDurationDays: 7,
      schedule: { kind: 'interval', everyHours: 8, startTime: '06:00' },
    });
    await setTaken(patient, abx.id, '2026-11-21', '1-0-0');
    const prn = await createMedicine(patient, {
      name: 'Ibuprofen',
      startDate: '2026-11-01',
      schedule: { kind: 'asNeeded', maxPer24h: 1, minIntervalMinutes: null },
    });
    const dose = (body: object) => patient.api.post(`/api/medicine/${prn.id}/as-needed`, body);
    expect((await dose({ takenAt: '2026-11-21T07:30:00.000Z' })).status).toBe(201);
    expect((await dose({ takenAt: '2026-11-21T09:15:00.000Z', override: true })).status).toBe(201);
    const invited = await patient.api.post(`/api/care/${patient.email}/invitations`, {
      email: carer.email,
      permissions: { ...DEFAULT_CARE_PERMISSIONS, canSeeMedicines: true },
    });
    expect(invited.status, invited.text).toBe(201);
    const accepted = await carer.api.post('/api/care/invitation/accept', {
      token: (invited.body as { token: string }).token,
    });
    expect(accepted.status, accepted.text).toBe(200);
  });
  afterAll(() => server?.close());

  it('lists the 06:00, 14:00 and 22:00 doses beside the 08:00 and 20:00 slots: 1 of 5 taken', async () => {
    const response = await carer.api.get(`/api/care/${carer.email}/patients`);
    expect(response.status, response.text).toBe(200);
    const [person] = response.body.patients as { today: { slots: Slot[] } }[];
    const slots = person!.today.slots;
    expect(slots.map((s) => [s.time, s.planned, s.taken, s.status])).toEqual([
      ['06:00', 1, 1, 'taken'],
      ['08:00', 1, 0, 'not-taken'],
      ['14:00', 1, 0, 'upcoming'],
      ['20:00', 1, 0, 'upcoming'],
      ['22:00', 1, 0, 'upcoming'],
    ]);
    expect(new Set(slots.map((s) => s.slot)).size).toBe(slots.length);
    // What the caregiver's screen adds up: the whole day's doses, the interval ones included.
    const planned = slots.reduce((n, s) => n + s.planned, 0);
    const taken = slots.reduce((n, s) => n + Math.min(s.taken, s.planned), 0);
    expect([taken, planned]).toEqual([1, 5]);
  });

  it('lists an as-needed medicine’s intakes of today, the one past its limit marked', async () => {
    const response = await carer.api.get(`/api/care/${carer.email}/patients`);
    const [person] = response.body.patients as { medicines: { name: string; asNeeded: unknown }[] }[];
    const lines = Object.fromEntries(person!.medicines.map((m) => [m.name, m.asNeeded]));
    expect(lines).toEqual({
      Metformin: null,
      Amoxicillin: null,
      Ibuprofen: [
        { time: '07:30', override: false },
        { time: '09:15', override: true },
      ],
    });
  });
});

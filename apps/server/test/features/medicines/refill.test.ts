import type { Medicine, RefillReminder } from '@medrem/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SignedInUser, createMedicine, setTaken, signedInUser } from '../../support/scenario';
import { TEST_ENGINE } from '../../support/test-database';
import { type TestServer, startTestServer } from '../../support/test-server';

// Decision 182: a refill adds the pills bought to what is left, a pack when no number is given, and
// one rule decides "running low" for the reminders list, the dashboard and the bell.
describe(`refills (${TEST_ENGINE})`, () => {
  let server: TestServer;
  let me: SignedInUser;
  beforeAll(async () => {
    server = await startTestServer({ now: '2026-11-21T05:00:00.000Z' });
    me = await signedInUser(server, { label: 'refill' });
  });
  afterAll(() => server.close());

  const refill = (id: string, body?: Record<string, unknown>) =>
    me.api.patch<Medicine>(`/api/medicine/${id}/refill`, body);
  const reminders = async () =>
    (await me.api.get<RefillReminder[]>(`/api/refill-reminders?userEmail=${encodeURIComponent(me.email)}`))
      .body;

  it('adds a pack to what is left when no number is given, then what the user says was added', async () => {
    server.clock.set('2026-11-21T05:00:00.000Z');
    await me.api.refreshToken(me.email);
    const medicine = await createMedicine(me, {
      frequency: '1-0-1',
      startDate: '2026-11-21',
      durationDays: 30,
      totalPills: 20,
      pillsPerDose: 1,
    });
    server.clock.set('2026-11-21T22:00:00.000Z');
    await me.api.refreshToken(me.email);
    await setTaken(me, medicine.id, '2026-11-21', '1-0-1');
    expect((await me.api.get<Medicine>(`/api/medicine/${medicine.id}`)).body.pillsLeft).toBe(18);

    // The spec's call, with no body: a pack (the supply entered, 20) is added to the 18 left.
    const first = await refill(medicine.id);
    expect(first.status, first.text).toBe(200);
    expect(first.body).toMatchObject({ pillsLeft: 38, totalPills: 38 });

    server.clock.set('2026-11-21T22:05:00.000Z');
    const counted = await refill(medicine.id, { pills: 10 });
    expect(counted.body.pillsLeft).toBe(48);
    // The next pack is what the last refill added.
    server.clock.set('2026-11-21T22:10:00.000Z');
    expect((await refill(medicine.id)).body.pillsLeft).toBe(58);
  });

  it('takes a running-low medicine off the refill reminders once the refill covers more than a week', async () => {
    server.clock.set('2026-11-21T05:00:00.000Z');
    await me.api.refreshToken(me.email);
    const low = await createMedicine(me, {
      name: 'Metformin',
      frequency: '1-0-1',
      startDate: '2026-11-21',
      durationDays: 90,
      totalPills: 12,
      pillsPerDose: 1,
    });
    const listed = (await reminders()).find((r) => r.id === low.id);
    expect(listed).toMatchObject({ pillsLeft: 12, daysLeft: 6, packPills: 12 });
    expect((await refill(low.id)).body).toMatchObject({ pillsLeft: 24, daysLeft: 12 });
    expect((await reminders()).some((r) => r.id === low.id)).toBe(false);
  });

  it('refuses a refill that would pass the largest supply, with a 400', async () => {
    const medicine = await createMedicine(me, { totalPills: 99_999 });
    const response = await refill(medicine.id, { pills: 10 });
    expect(response.status, response.text).toBe(400);
  });
});

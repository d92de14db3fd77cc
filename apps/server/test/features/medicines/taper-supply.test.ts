import type { Medicine, RefillReminder } from '@medrem/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SignedInUser, createMedicine, exportSnapshot, signedInUser } from '../../support/scenario';
import { TEST_ENGINE } from '../../support/test-database';
import { type TestServer, startTestServer } from '../../support/test-server';

// Thursday 2026-11-19, the last day of the taper's first step.
const STEP_ONE_LAST_DAY = '2026-11-19T10:00:00.000Z';

/**
 * Issue 13, decision 120: a taper's doses count their step's pills against the supply, in every
 * read that shows it, and across a refill.
 */
describe(`a taper's pills left through the API (${TEST_ENGINE})`, () => {
  let server: TestServer;
  let me: SignedInUser;
  let taper: Medicine;
  beforeAll(async () => {
    server = await startTestServer({ now: STEP_ONE_LAST_DAY });
    me = await signedInUser(server, { label: 'taper-supply' });
    taper = await createMedicine(me, {
      name: 'Prednisolone',
      frequency: '1-0-0',
      startDate: '2026-11-17',
      totalPills: 20,
      pillsPerDose: 1,
      schedule: {
        kind: 'taper',
        steps: [
          { days: 3, dose: '40 mg', pillsPerDose: 4 },
          { days: 2, dose: '20 mg', pillsPerDose: 2 },
        ],
      },
    });
  });
  afterAll(() => server.close());

  const tick = async (date: string) => {
    const response = await me.api.put(`/api/medicine/${taper.id}/dose`, { date, slot: 0, taken: true });
    expect(response.status, response.text).toBe(200);
  };

  /** The supply as the list, the one medicine, the refill reminders and the export show it. */
  const expectSupply = async (pillsLeft: number, daysLeft: number, { reminded }: { reminded: boolean }) => {
    const list = await me.api.get<{ findMedicine: Medicine[] }>(`/api/medicine/user/${me.email}`);
    expect(list.body.findMedicine.map((m) => [m.pillsLeft, m.daysLeft])).toEqual([[pillsLeft, daysLeft]]);
    const one = await me.api.get<Medicine>(`/api/medicine/${taper.id}`);
    expect(one.body).toMatchObject({ pillsLeft, daysLeft });
    const reminders = await me.api.get<RefillReminder[]>(
      `/api/refill-reminders?userEmail=${encodeURIComponent(me.email)}`,
    );
    expect(reminders.status, reminders.text).toBe(200);
    expect(reminders.body).toEqual(
      reminded ? [expect.objectContaining({ id: taper.id, name: 'Prednisolone', pillsLeft, daysLeft })] : [],
    );
    const exported = (await exportSnapshot(me)) as { medicines: Medicine[] };
    expect(exported.medicines[0]).toMatchObject({ pillsLeft, daysLeft });
  };

  it('counts each step-1 dose at 4 pills: 20 − 2 × 4 = 12', async () => {
    await tick('2026-11-17');
    await tick('2026-11-18');
    // From today: 4 (today's step 1), then 2 and 2; the 4 left last 2 days more at the last step's
    // rate. Counted at the medicine's 1 pill a dose it would read 18 pills and 8 days.
    await expectSupply(12, 5, { reminded: true });
  });

  it('starts the new supply at a refill, then counts the next doses at their step’s pills', async () => {
    // A refill adds to what is left (decision 182): 12 left and 8 bought make 20.
    const refill = await me.api.patch<Medicine>(`/api/medicine/${taper.id}/refill`, { pills: 8 });
    expect(refill.status, refill.text).toBe(200);
    expect(refill.body).toMatchObject({ pillsLeft: 20, daysLeft: 9 });
    await expectSupply(20, 9, { reminded: false });

    // The last day of step 1: 4 pills. Today's dose is taken, so the 16 left cover the days to come
    // at 2 a day: 8 (charging today's 4 again said 7, decision 186).
    await tick('2026-11-19');
    await expectSupply(16, 8, { reminded: false });

    // Two days on, the first and the last day of step 2: 2 pills each.
    server.clock.set('2026-11-21T10:00:00.000Z');
    await me.api.refreshToken(me.email);
    await tick('2026-11-20');
    await tick('2026-11-21');
    await expectSupply(12, 6, { reminded: true });
  });
});

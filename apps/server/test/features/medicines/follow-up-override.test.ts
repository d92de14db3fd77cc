import type { Medicine } from '@medrem/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { aMedicine } from '../../support/api-client';
import {
  type SignedInUser,
  createMedicine,
  expectJsonError,
  exportSnapshot,
  signedInUser,
} from '../../support/scenario';
import { TEST_ENGINE } from '../../support/test-database';
import { type TestServer, startTestServer } from '../../support/test-server';

const NOW = '2026-12-06T10:00:00.000Z';
const CUSTOM = { everyMinutes: 5, times: 2 };

/** Decision 254: a medicine's own follow-up cadence ("Reminder follow-ups: custom"), through the API. */
describe(`a medicine's follow-up override (${TEST_ENGINE})`, () => {
  let server: TestServer;
  let me: SignedInUser;
  beforeAll(async () => {
    server = await startTestServer({ now: NOW });
    me = await signedInUser(server, { label: 'followup-override' });
  });
  afterAll(() => server.close());

  const read = async (id: string) => {
    const response = await me.api.get<Medicine>(`/api/medicine/${id}`);
    expect(response.status, response.text).toBe(200);
    return response.body;
  };
  const count = async () =>
    (await me.api.get<{ findMedicine: Medicine[] }>(`/api/medicine/user/${me.email}`)).body.findMedicine
      .length;

  it('stores a custom cadence and answers it; without one the spec’s shape is unchanged', async () => {
    const created = await createMedicine(me, { followUps: CUSTOM });
    expect(created.followUps).toEqual(CUSTOM);
    expect(await read(created.id)).toEqual(created);
    const none = await createMedicine(me, { followUps: { everyMinutes: 10, times: 0 } });
    expect(none.followUps).toEqual({ everyMinutes: 10, times: 0 });
    const usual = await createMedicine(me);
    expect(usual).not.toHaveProperty('followUps');
    const explicitDefault = await createMedicine(me, { followUps: null });
    expect(explicitDefault).not.toHaveProperty('followUps');
    // The data export carries it as the medicine reads.
    const exported = (await exportSnapshot(me)).medicines as Medicine[];
    expect(exported.find((m) => m.id === created.id)?.followUps).toEqual(CUSTOM);
    expect(exported.find((m) => m.id === usual.id)).not.toHaveProperty('followUps');
  });

  it('keeps it on an update that leaves it out (the spec’s clients), changes it when sent, drops it with null', async () => {
    const created = await createMedicine(me, { followUps: CUSTOM });
    const { followUps: _own, ...spec } = created;
    const kept = await me.api.put<Medicine>(`/api/medicine/${created.id}`, { ...spec, name: 'Renamed' });
    expect(kept.status, kept.text).toBe(200);
    expect(kept.body).toMatchObject({ name: 'Renamed', followUps: CUSTOM });

    const changed = await me.api.put<Medicine>(`/api/medicine/${created.id}`, {
      ...kept.body,
      followUps: { everyMinutes: 60, times: 6 },
    });
    expect(changed.status, changed.text).toBe(200);
    expect((await read(created.id)).followUps).toEqual({ everyMinutes: 60, times: 6 });

    const back = await me.api.put<Medicine>(`/api/medicine/${created.id}`, {
      ...changed.body,
      followUps: null,
    });
    expect(back.status, back.text).toBe(200);
    expect(back.body).not.toHaveProperty('followUps');
    expect(await read(created.id)).not.toHaveProperty('followUps');
  });

  it('round-trips through tRPC as the web app sends it', async () => {
    const created = await createMedicine(me);
    const written = await me.api.post<{ result: { data: Medicine } }>('/trpc/medicine.update', {
      ...created,
      followUps: { everyMinutes: 15, times: 4 },
    });
    expect(written.status, written.text).toBe(200);
    expect(written.body.result.data.followUps).toEqual({ everyMinutes: 15, times: 4 });
  });

  it.each([
    ['an interval below 5', { everyMinutes: 4, times: 2 }, 'Follow-up interval must be at least 5.'],
    ['an interval above 60', { everyMinutes: 61, times: 2 }, 'Follow-up interval must be at most 60.'],
    ['more than 6 times', { everyMinutes: 10, times: 7 }, 'Number of follow-ups must be at most 6.'],
    ['negative times', { everyMinutes: 10, times: -1 }, 'Number of follow-ups must be at least 0.'],
    ['a fraction', { everyMinutes: 7.5, times: 2 }, 'Follow-up interval must be a whole number.'],
    ['a string for a number', { everyMinutes: '10', times: 2 }, 'Follow-up interval must be a whole number.'],
    ['a missing field', { everyMinutes: 10 }, 'Number of follow-ups must be a whole number.'],
    ['a string', 'custom', 'followUps must be null (use my default) or { everyMinutes, times }.'],
  ])('refuses %s with a 400 and stores nothing', async (_label, followUps, message) => {
    const before = await count();
    const response = await me.api.post('/api/medicine', aMedicine(me.email, { followUps }));
    expectJsonError(response, 400);
    expect((response.body as { message: string }).message).toContain(message);
    expect(await count()).toBe(before);

    const created = await createMedicine(me, { followUps: CUSTOM });
    const refused = await me.api.put(`/api/medicine/${created.id}`, { ...created, followUps });
    expectJsonError(refused, 400);
    expect(await read(created.id)).toEqual(created);
  });
});

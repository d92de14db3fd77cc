import { DEFAULT_CARE_PERMISSIONS } from '@medrem/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient } from '../../support/api-client';
import {
  type SignedInUser,
  createMedicine,
  setTaken,
  settingsOf,
  signedInUser,
} from '../../support/scenario';
import { TEST_ENGINE } from '../../support/test-database';
import { type TestServer, startTestServer } from '../../support/test-server';
import { createUser, probeRedis } from '../reminders/reminder-harness';
import { eventually, twoProcessesAroundTests } from '../reminders/two-processes.support';

const WEEKS = 'type=weight&from=2026-09-01&to=2026-11-20';
const YEAR = 'type=weight&from=2025-11-21&to=2026-11-20';

interface Chart {
  timeZone: string;
  adherence: { days: { date: string; due: number; taken: number }[] } | null;
  points: { date: string; count: number; mean: Record<string, number> }[];
  target: { low: number | null; high: number | null }[];
}

async function chartOf(api: ApiClient, query: string): Promise<Chart> {
  const response = await api.get<Chart>(`/api/journal/series?${query}`);
  expect(response.status, response.text).toBe(200);
  return response.body;
}

const weighed = (api: ApiClient, kilograms: number, at: string) =>
  api.post<{ measurement: { id: string } }>('/api/journal/measurements', {
    type: 'weight',
    values: { value: kilograms },
    unit: 'kg',
    measuredAt: at,
  });

/**
 * Decision 356: a chart's answer is kept per process until the person's journal changes. Each
 * test reads a chart twice (the second from the kept answer), changes something the chart shows,
 * and reads it again: a change the cache missed shows the old chart.
 */
describe(`a kept chart answer follows every change of the journal (${TEST_ENGINE})`, () => {
  let server: TestServer;
  let ada: SignedInUser;

  beforeAll(async () => {
    server = await startTestServer({ now: '2026-11-21T10:00:00.000Z' });
    ada = await signedInUser(server, { label: 'kept-ada', timezone: 'UTC' });
    expect((await weighed(ada.api, 70, '2026-11-01T07:00:00Z')).status).toBe(201);
  });
  afterAll(() => server?.close());

  it('shows a reading added, changed and deleted at once, in the raw and the day view', async () => {
    for (const query of [WEEKS, YEAR]) {
      await chartOf(ada.api, query);
      expect((await chartOf(ada.api, query)).points.map((p) => p.mean['value'])).toEqual([70]);
    }
    const added = await weighed(ada.api, 71, '2026-11-02T07:00:00Z');
    expect(added.status, added.text).toBe(201);
    for (const query of [WEEKS, YEAR]) {
      expect((await chartOf(ada.api, query)).points.map((p) => p.mean['value'])).toEqual([70, 71]);
    }
    const changed = await ada.api.put(`/api/journal/measurements/${added.body.measurement.id}`, {
      values: { value: 72 },
      unit: 'kg',
      measuredAt: '2026-11-02T07:00:00Z',
    });
    expect(changed.status, changed.text).toBe(200);
    expect((await chartOf(ada.api, YEAR)).points.map((p) => p.mean['value'])).toEqual([70, 72]);
    const deleted = await ada.api.delete(`/api/journal/measurements/${added.body.measurement.id}`);
    expect(deleted.status, deleted.text).toBe(200);
    expect((await chartOf(ada.api, YEAR)).points.map((p) => p.mean['value'])).toEqual([70]);
  });

  it('shows a new display unit and target, and a new time zone, at once', async () => {
    await chartOf(ada.api, YEAR);
    const prefs = await ada.api.put('/api/journal/types/weight/preferences', {
      displayUnit: '[lb_av]',
      targets: [{ component: 'value', low: 60, high: 75 }],
    });
    expect(prefs.status, prefs.text).toBe(200);
    const inPounds = await chartOf(ada.api, YEAR);
    expect(inPounds.points[0]!.mean['value']).toBe(154.3);
    expect(inPounds.target).toMatchObject([{ low: 132.3, high: 165.3 }]);

    // 07:00 UTC on 1 November is still 31 October in Honolulu (UTC−10).
    const moved = await ada.api.put(`/api/user/${ada.email}/settings`, {
      ...(await settingsOf(ada)),
      timezone: 'Pacific/Honolulu',
    });
    expect(moved.status, moved.text).toBe(200);
    const there = await chartOf(ada.api, YEAR);
    expect([there.timeZone, there.points[0]!.date]).toEqual(['Pacific/Honolulu', '2026-10-31']);
  });

  it('works out the medicine’s line on every read, beside the kept readings', async () => {
    const bea = await signedInUser(server, { label: 'kept-bea', timezone: 'UTC' });
    expect((await weighed(bea.api, 60, '2026-11-10T07:00:00Z')).status).toBe(201);
    const medicine = await createMedicine(bea, {
      name: 'Lisinopril',
      frequency: '1',
      startDate: '2026-11-01',
    });
    const withLine = `type=weight&from=2026-11-01&to=2026-11-20&medicineId=${medicine.id}`;
    const takenOn = (chart: Chart, date: string) => chart.adherence!.days.find((d) => d.date === date)?.taken;
    await chartOf(bea.api, withLine);
    expect(takenOn(await chartOf(bea.api, withLine), '2026-11-10')).toBe(0);
    await setTaken(bea, medicine.id, '2026-11-10', '1');
    const after = await chartOf(bea.api, withLine);
    expect([takenOn(after, '2026-11-10'), after.points.map((p) => p.mean['value'])]).toEqual([1, [60]]);
    // Without the medicine, the same readings and no line.
    expect((await chartOf(bea.api, 'type=weight&from=2026-11-01&to=2026-11-20')).adherence).toBeNull();
  });

  it('asks a caregiver’s permission on every read, though the answer is kept', async () => {
    const patient = await signedInUser(server, { label: 'kept-patient', timezone: 'UTC' });
    const carer = await signedInUser(server, { label: 'kept-carer' });
    expect((await weighed(patient.api, 80, '2026-11-03T07:00:00Z')).status).toBe(201);
    const invited = await patient.api.post(`/api/care/${patient.email}/invitations`, {
      email: carer.email,
      permissions: DEFAULT_CARE_PERMISSIONS,
    });
    expect(invited.status, invited.text).toBe(201);
    expect((await carer.api.post('/api/care/invitation/accept', { token: invited.body.token })).status).toBe(
      200,
    );
    const theirs = `${YEAR}&patientId=${patient.id}`;
    expect((await chartOf(carer.api, theirs)).points).toHaveLength(1);
    expect((await chartOf(patient.api, YEAR)).points).toHaveLength(1);
    const removed = await patient.api.delete(`/api/care/${patient.email}/caregivers/${carer.id}`);
    expect(removed.status, removed.text).toBe(200);
    expect((await carer.api.get(`/api/journal/series?${theirs}`)).status).toBe(404);
  });
});

const redisUrl = await probeRedis();

describe.skipIf(!redisUrl)(
  `a chart kept by another process is forgotten through Redis (${TEST_ENGINE})`,
  () => {
    const servers = twoProcessesAroundTests(redisUrl!);

    it('a reading written through one process shows in the chart the other process had kept', async () => {
      const user = await createUser(servers.one, { timezone: 'UTC' });
      await user.refresh();
      expect((await weighed(user.api, 70, '2026-11-01T07:00:00Z')).status).toBe(201);
      const elsewhere = new ApiClient(servers.two.baseUrl);
      elsewhere.token = user.api.token;
      await chartOf(elsewhere, YEAR);
      expect((await chartOf(elsewhere, YEAR)).points).toHaveLength(1);
      expect((await weighed(user.api, 71, '2026-11-02T07:00:00Z')).status).toBe(201);
      // Redis carries the change a moment after the write's answer.
      expect(await eventually(async () => (await chartOf(elsewhere, YEAR)).points.length === 2)).toBe(true);
    });
  },
);

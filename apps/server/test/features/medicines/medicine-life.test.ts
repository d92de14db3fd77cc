import type { DataExport, DoctorReportView, Medicine, PlanChange, RefillReminder } from '@medrem/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SignedInUser, createMedicine, setTaken, signedInUser } from '../../support/scenario';
import { TEST_ENGINE } from '../../support/test-database';
import { type TestServer, startTestServer } from '../../support/test-server';
import { parseCsv } from '../reports/report-files';

/**
 * A medicine's life (issue 58): stopped from a date instead of deleted (decision 313), its plan's
 * changes recorded with their day (314), and past days counted by the plan of that day (315).
 * Today is 2026-12-10 at noon (UTC); the default times put '1-0-1' at 08:00 and 20:00.
 */
describe(`a medicine's life (${TEST_ENGINE})`, () => {
  let server: TestServer;
  let me: SignedInUser;
  beforeAll(async () => {
    server = await startTestServer({ now: '2026-12-10T12:00:00.000Z' });
    me = await signedInUser(server, { label: 'life', timezone: 'UTC' });
  });
  afterAll(() => server.close());

  const stop = (id: string, body: Record<string, unknown>) =>
    me.api.post<Medicine>(`/api/medicine/${id}/stop`, body);
  const resume = (id: string) => me.api.post<Medicine>(`/api/medicine/${id}/resume`, {});
  const history = async (id: string) => {
    const response = await me.api.get<{ changes: PlanChange[] }>(`/api/medicine/${id}/history-of-changes`);
    expect(response.status, response.text).toBe(200);
    return response.body.changes;
  };
  const report = async (from: string, to: string) => {
    const response = await me.api.get<DoctorReportView>(
      `/api/report/${me.email}/doctor?from=${from}&to=${to}`,
    );
    expect(response.status, response.text).toBe(200);
    return response.body;
  };
  const reportOf = async (id: string, from = '2026-12-01', to = '2026-12-10') =>
    (await report(from, to)).medicines.find((m) => m.medicineId === id)!;
  const read = async (id: string) => (await me.api.get<Medicine>(`/api/medicine/${id}`)).body;

  it('stops from a date keeping every dose before it, and counts nothing due while stopped', async () => {
    const m = await createMedicine(me, { startDate: '2026-12-01', totalPills: 12 });
    for (const day of ['2026-12-01', '2026-12-02', '2026-12-03']) await setTaken(me, m.id, day, '1-0-1');
    await setTaken(me, m.id, '2026-12-05', '1-0-0');

    // A dose was taken on the 5th: a stop from then would contradict it. Nothing is stored.
    const early = await stop(m.id, { stoppedOn: '2026-12-05' });
    expect(early.status, early.text).toBe(409);
    expect(early.body).toMatchObject({ message: expect.stringContaining('2026-12-06') });
    expect(await read(m.id)).not.toHaveProperty('stoppedOn');
    expect((await history(m.id)).map((c) => c.kind)).toEqual(['start']);
    // Running low before the stop: 12 pills, 7 taken.
    const reminders = () => me.api.get<RefillReminder[]>(`/api/refill-reminders?userEmail=${me.email}`);
    expect((await reminders()).body.map((r) => r.id)).toContain(m.id);

    const stopped = await stop(m.id, { stoppedOn: '2026-12-06', reason: 'Doctor’s advice' });
    expect(stopped.status, stopped.text).toBe(200);
    expect(stopped.body).toMatchObject({ stoppedOn: '2026-12-06', stopReason: 'Doctor’s advice' });
    expect((await stop(m.id, { stoppedOn: '2026-12-07' })).status).toBe(409);
    // Still listed (under "Stopped"), no longer running low, and no dose can be ticked after it.
    const list = await me.api.get<{ findMedicine: Medicine[] }>(`/api/medicine/user/${me.email}`);
    expect(list.body.findMedicine.find((x) => x.id === m.id)?.stoppedOn).toBe('2026-12-06');
    expect((await reminders()).body.map((r) => r.id)).not.toContain(m.id);
    const tick = await me.api.put(`/api/medicine/${m.id}/taken`, { date: '2026-12-07', taken: '1-0-0' });
    expect(tick.status, tick.text).toBe(400);

    // The 1st to the 5th: 10 due, 7 taken; nothing due from the 6th, today included.
    expect(await reportOf(m.id)).toMatchObject({ due: 10, taken: 7, stoppedOn: '2026-12-06' });
    expect((await reportOf(m.id)).planChanges).toEqual([
      expect.objectContaining({ effectiveOn: '2026-12-01', kind: 'start' }),
      { effectiveOn: '2026-12-06', kind: 'stop', text: 'Stopped', reason: 'Doctor’s advice' },
    ]);

    // Resumed today: today's missed 08:00 dose is due again, the stopped days stay without doses.
    const resumed = await resume(m.id);
    expect(resumed.status, resumed.text).toBe(200);
    expect(resumed.body).not.toHaveProperty('stoppedOn');
    expect((await history(m.id)).map((c) => [c.kind, c.effectiveOn])).toEqual([
      ['start', '2026-12-01'],
      ['stop', '2026-12-06'],
      ['resume', '2026-12-10'],
    ]);
    expect(await reportOf(m.id)).toMatchObject({ due: 11, taken: 7, stoppedOn: null });
    expect((await resume(m.id)).status).toBe(409);
  });

  it('records each change of the plan with its day, and counts past days by the plan then', async () => {
    const m = await createMedicine(me, { startDate: '2026-12-01', dosage: '500 mg' });
    const put = (body: Record<string, unknown>) =>
      me.api.put<Medicine>(`/api/medicine/${m.id}`, { ...m, ...body });
    // A new name is not a change of plan.
    expect((await put({ name: 'Aspirin Protect' })).status).toBe(200);
    expect(await history(m.id)).toHaveLength(1);
    const edited = await put({ dosage: '250 mg', frequency: '1-0-0', pillsPerDose: 2 });
    expect(edited.status, edited.text).toBe(200);
    const [, change] = await history(m.id);
    expect(change).toMatchObject({
      kind: 'change',
      effectiveOn: '2026-12-10',
      plan: { dosage: '250 mg', frequency: '1-0-0', pillsPerDose: 2, stopped: false },
    });
    expect(change!.changes.map((c) => c.text)).toEqual([
      'Dose: 500 mg → 250 mg',
      'Doses a day: 2 → 1',
      'Pills per dose: 1 → 2',
    ]);
    // The 1st to the 9th twice a day (18), today once (08:00, missed): 19, not 10 by today's plan.
    expect((await reportOf(m.id)).due).toBe(19);
    const [header, ...rows] = parseCsv(
      (await me.api.get(`/api/report/${me.email}/doctor/csv?from=2026-12-01&to=2026-12-10`)).text,
    );
    const detail = header!.indexOf('detail');
    const planRows = rows.filter((row) => row[0] === 'plan-change').map((row) => [row[4], row[detail]]);
    expect(planRows).toContainEqual([
      '2026-12-10',
      'Dose: 500 mg → 250 mg; Doses a day: 2 → 1; Pills per dose: 1 → 2',
    ]);
  });

  it('refuses a stop that cannot be, with nothing stored', async () => {
    const m = await createMedicine(me, { startDate: '2026-12-01' });
    const other = await signedInUser(server, { label: 'life-other', timezone: 'UTC' });
    const cases: [Record<string, unknown>, number][] = [
      [{ stoppedOn: '2026-02-30' }, 400],
      [{ stoppedOn: '10 December' }, 400],
      [{ stoppedOn: '2026-12-10', reason: 'bad\u0007bell' }, 400],
      [{ stoppedOn: '2026-12-10', reason: 'x'.repeat(201) }, 400],
      [{ stoppedOn: '2028-01-01' }, 400],
      [{}, 400],
    ];
    for (const [body, status] of cases) {
      const response = await stop(m.id, body);
      expect(response.status, `${JSON.stringify(body)} ${response.text}`).toBe(status);
    }
    const theirs = await other.api.post(`/api/medicine/${m.id}/stop`, { stoppedOn: '2026-12-10' });
    expect(theirs.status).toBe(404);
    expect((await other.api.get(`/api/medicine/${m.id}/history-of-changes`)).status).toBe(404);
    expect(await read(m.id)).not.toHaveProperty('stoppedOn');
    expect(await history(m.id)).toHaveLength(1);
  });

  it('cancels a planned stop on resume, and exports the whole story', async () => {
    const m = await createMedicine(me, { startDate: '2026-12-01' });
    expect((await stop(m.id, { stoppedOn: '2026-12-20' })).body.stoppedOn).toBe('2026-12-20');
    // Planned, not yet stopped: today's doses are still due.
    expect((await reportOf(m.id, '2026-12-10', '2026-12-10')).due).toBe(1);
    expect((await resume(m.id)).status).toBe(200);
    expect((await history(m.id)).map((c) => c.kind)).toEqual(['start']);

    expect((await stop(m.id, { stoppedOn: '2026-12-10', reason: 'Side effects' })).status).toBe(200);
    const exported = await me.api.get<DataExport>(`/api/user/${me.email}/export`);
    expect(exported.body.medicines.find((x) => x.id === m.id)?.stoppedOn).toBe('2026-12-10');
    expect((exported.body.planChanges ?? []).filter((c) => c.medicineId === m.id)).toEqual([
      expect.objectContaining({ kind: 'start', effectiveOn: '2026-12-01' }),
      expect.objectContaining({ kind: 'stop', effectiveOn: '2026-12-10', reason: 'Side effects' }),
    ]);
  });
});

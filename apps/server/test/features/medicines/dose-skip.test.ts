import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseCsv } from '../reports/report-files';
import { type SignedInUser, createMedicine, expectJsonError, signedInUser } from '../../support/scenario';
import { TEST_ENGINE } from '../../support/test-database';
import { type TestServer, startTestServer } from '../../support/test-server';

// Decision 225: a dose skipped on purpose, with a reason; the spec's `taken` keeps reading 0 for it.
const TODAY = '2026-11-21';
const at = (time: string, date = TODAY) => `${date}T${time}:00.000Z`;

type Skip = { reason: string | null; note?: string; skippedAt: string } | null;
type Day = { takenDay: { date: string; taken: string; skipped?: Skip[] } | null; message?: string };

describe(`skipping a dose (${TEST_ENGINE})`, () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ now: at('10:00') });
  });
  afterAll(() => server.close());

  // Default times 08:00, 14:00, 20:00 in UTC.
  const newUser = () => signedInUser(server, { label: 'skip', timezone: 'UTC' });
  const skip = (user: SignedInUser, id: string, body: Record<string, unknown>) =>
    user.api.put<Day>(`/api/medicine/${id}/dose/skip`, { date: TODAY, ...body });
  const dayOf = async (user: SignedInUser, id: string, date = TODAY) => {
    const response = await user.api.get<Day>(`/api/medicine/${id}/taken?date=${date}`);
    expect(response.status, response.text).toBe(200);
    return response.body.takenDay;
  };

  it('records the skip with its reason and note, reads 0 in `taken`, and takes it back', async () => {
    server.clock.set(new Date(at('10:00')));
    const me = await newUser();
    const m = await createMedicine(me, { frequency: '1-1-0' });
    const skipped = await skip(me, m.id, { slot: 0, skipped: true, reason: 'felt_unwell', note: ' nausea ' });
    expect(skipped.status, skipped.text).toBe(200);
    expect(skipped.body.takenDay).toEqual({
      date: TODAY,
      taken: '0-0-0',
      skipped: [{ reason: 'felt_unwell', note: 'nausea', skippedAt: at('10:00') }, null, null],
    });
    expect(await dayOf(me, m.id)).toEqual(skipped.body.takenDay);
    // The history answers it too (the month calendar and the dashboard read it).
    const history = await me.api.get<{ takenHistory: Day['takenDay'][] }>(
      `/api/medicine/${m.id}/history?from=${TODAY}&to=${TODAY}`,
    );
    expect(history.body.takenHistory).toEqual([skipped.body.takenDay]);

    const undone = await skip(me, m.id, { slot: 0, skipped: false });
    expect(undone.status, undone.text).toBe(200);
    expect(undone.body.takenDay).toEqual({ date: TODAY, taken: '0-0-0' });
  });

  it('exports the skips that hold beside the spec’s dose history, which keeps its shape (decision 226)', async () => {
    server.clock.set(new Date(at('10:00')));
    const me = await newUser();
    const m = await createMedicine(me, { frequency: '1-1-0' });
    const other = await createMedicine(me, { frequency: '1-0-0' });
    expect(
      (await skip(me, m.id, { slot: 0, skipped: true, reason: 'doctors_advice', note: 'Pause' })).status,
    ).toBe(200);
    expect((await skip(me, other.id, { slot: 0, skipped: true })).status).toBe(200);
    server.clock.set(new Date(at('10:05')));
    // Taken after all: that skip no longer holds, so it is not exported.
    const tick = await me.api.put(`/api/medicine/${other.id}/dose`, { date: TODAY, slot: 0, taken: true });
    expect(tick.status, tick.text).toBe(200);

    const exported = await me.api.get<{ doseHistory: object[]; skippedDoses: object[] }>(
      `/api/user/${me.email}/export`,
    );
    expect(exported.status, exported.text).toBe(200);
    expect(exported.body.skippedDoses).toEqual([
      {
        medicineId: m.id,
        date: TODAY,
        slot: 0,
        reason: 'doctors_advice',
        note: 'Pause',
        skippedAt: at('10:00'),
      },
    ]);
    // The spec's clients read `taken` alone: 0 for the skipped dose, no other member.
    expect(exported.body.doseHistory).toEqual(
      expect.arrayContaining([
        { medicineId: m.id, date: TODAY, taken: '0-0-0' },
        { medicineId: other.id, date: TODAY, taken: '1-0-0' },
      ]),
    );
    expect(exported.body.doseHistory).toHaveLength(2);
  });

  it('a take after the skip clears it (any device, any path); a skip of a taken dose un-takes it', async () => {
    server.clock.set(new Date(at('10:00')));
    const me = await newUser();
    const m = await createMedicine(me, { frequency: '1-1-0' });
    expect((await skip(me, m.id, { slot: 0, skipped: true, reason: 'ran_out' })).status).toBe(200);
    server.clock.set(new Date(at('10:05')));
    const tick = await me.api.put(`/api/medicine/${m.id}/dose`, { date: TODAY, slot: 0, taken: true });
    expect(tick.status, tick.text).toBe(200);
    expect(await dayOf(me, m.id)).toMatchObject({ taken: '1-0-0' });
    expect((await dayOf(me, m.id))?.skipped).toBeUndefined();
    // Un-ticking the dose does not bring the old skip back.
    server.clock.set(new Date(at('10:06')));
    await me.api.put(`/api/medicine/${m.id}/dose`, { date: TODAY, slot: 0, taken: false });
    expect((await dayOf(me, m.id))?.skipped).toBeUndefined();

    // The spec's whole-day write marking it taken clears a skip as well.
    expect((await skip(me, m.id, { slot: 0, skipped: true })).status).toBe(200);
    server.clock.set(new Date(at('10:07')));
    const whole = await me.api.put(`/api/medicine/${m.id}/taken`, { date: TODAY, taken: '1-0-0' });
    expect(whole.status, whole.text).toBe(200);
    expect((await dayOf(me, m.id))?.taken).toBe('1-0-0');
    expect((await dayOf(me, m.id))?.skipped).toBeUndefined();

    // Skipping a taken dose: the last change wins, the dose is no longer taken.
    server.clock.set(new Date(at('10:08')));
    const over = await skip(me, m.id, { slot: 0, skipped: true, reason: 'doctors_advice' });
    expect(over.body.takenDay).toMatchObject({
      taken: '0-0-0',
      skipped: [{ reason: 'doctors_advice' }, null, null],
    });
  });

  it('refuses an unknown reason, another user’s medicine, a future day or an unscheduled slot, storing nothing', async () => {
    server.clock.set(new Date(at('10:00')));
    const me = await newUser();
    const other = await newUser();
    const m = await createMedicine(me, { frequency: '1-0-1' });
    const unknown = await skip(me, m.id, { slot: 0, skipped: true, reason: 'bored' });
    expectJsonError(unknown, 400);
    expect(unknown.body.message).toContain('reason');
    expectJsonError(await skip(other, m.id, { slot: 0, skipped: true }), 404);
    expectJsonError(await skip(me, m.id, { slot: 1, skipped: true }), 400);
    expectJsonError(await skip(me, m.id, { date: '2026-11-22', slot: 0, skipped: true }), 400);
    expect(await dayOf(me, m.id)).toBeNull();
  });

  it('skips the slot from a notification’s skip token (decision 229)', async () => {
    server.clock.set(new Date(at('10:00')));
    const me = await newUser();
    const m = await createMedicine(me, { frequency: '1-0-1' });
    const token = server.app.services.actionTokens.sign(
      { action: 'skip', userId: me.id, slot: 0, date: TODAY },
      server.clock.now(),
    );
    const response = await me.api.post<{ action: string; message: string }>('/api/push/action', { token });
    expect(response.status, response.text).toBe(200);
    expect(response.body).toMatchObject({ action: 'skip', message: `${m.name} skipped.` });
    expect(await dayOf(me, m.id)).toMatchObject({ taken: '0-0-0', skipped: [{ reason: null }, null, null] });
  });

  it('applies once per idempotency key', async () => {
    server.clock.set(new Date(at('10:00')));
    const me = await newUser();
    const m = await createMedicine(me, { frequency: '1-0-0' });
    const body = { slot: 0, skipped: true, reason: 'other', idempotencyKey: 'skip-key-0001' };
    const first = await skip(me, m.id, body);
    server.clock.set(new Date(at('10:30')));
    const replay = await skip(me, m.id, body);
    expect(replay.status).toBe(200);
    expect(replay.body).toEqual(first.body);
  });

  it('shows the skip in the doctor’s report: not taken, not missed, with its reason', async () => {
    server.clock.set(new Date(at('22:00')));
    const me = await newUser();
    const m = await createMedicine(me, { name: 'Metformin', frequency: '1-0-1', startDate: TODAY });
    expect((await skip(me, m.id, { slot: 0, skipped: true, reason: 'felt_unwell' })).status).toBe(200);
    const report = await me.api.get<{
      totals: { due: number; taken: number; missed: number; skipped: number };
      medicines: { days: { doses: { status: string; skip: string | null }[] }[] }[];
    }>(`/api/report/${me.email}/doctor?from=${TODAY}&to=${TODAY}`);
    expect(report.status, report.text).toBe(200);
    expect(report.body.totals).toMatchObject({ due: 2, taken: 0, missed: 1, skipped: 1 });
    expect(report.body.medicines[0]!.days[0]!.doses).toMatchObject([
      { status: 'skipped', skip: 'Skipped — Felt unwell' },
      { status: 'missed', skip: null },
    ]);
    const csv = await me.api.get(`/api/report/${me.email}/doctor/csv?from=${TODAY}&to=${TODAY}`);
    const rows = parseCsv(csv.text);
    const header = rows[0]!;
    const doses = rows.filter((r) => r[0] === 'dose');
    expect(doses.map((r) => [r[header.indexOf('status')], r[header.indexOf('detail')]])).toEqual([
      ['skipped', 'Skipped — Felt unwell'],
      ['missed', ''],
    ]);
    const month = await me.api.get<{ days: { date: string; skipped: number }[] }>(
      `/api/report/${me.email}/month?month=2026-11`,
    );
    expect(month.body.days.find((d) => d.date === TODAY)).toMatchObject({ skipped: 1 });
  });
});

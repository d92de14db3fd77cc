import type { MonthAggregatesView } from '@medrem/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SignedInUser, createMedicine, setTaken, signedInUser } from '../../support/scenario';
import { type TestServer, startTestServer } from '../../support/test-server';

/**
 * The fixture of the domain's hand-computed November (packages/domain/test/adherence-aggregates):
 * today is 10 November at noon in London (UTC+0), reminder times 08:00, 14:00, 20:00.
 */
describe('GET /api/report/{userEmail}/month', () => {
  let server: TestServer;
  let user: SignedInUser;

  beforeAll(async () => {
    server = await startTestServer({ now: '2026-11-10T12:00:00.000Z' });
    user = await signedInUser(server, { timezone: 'Europe/London' });
    const a = await createMedicine(user, {
      name: 'Aspirin',
      frequency: '1-0-1',
      startDate: '2026-10-20',
      durationDays: 30,
      originalDurationDays: 30,
    });
    const b = await createMedicine(user, {
      name: 'Bisoprolol',
      frequency: '0-1-0',
      startDate: '2026-11-05',
      durationDays: 3,
      originalDurationDays: 3,
    });
    await setTaken(user, a.id, '2026-10-31', '1-0-1');
    await setTaken(user, a.id, '2026-11-01', '1-0-1');
    await setTaken(user, a.id, '2026-11-02', '1-0-0');
    await setTaken(user, a.id, '2026-11-10', '1-0-0');
    await setTaken(user, b.id, '2026-11-05', '0-1-0');
    await setTaken(user, b.id, '2026-11-07', '0-1-0');

    // Someone else's doses on the same days must not reach the report.
    const other = await signedInUser(server, { timezone: 'Europe/London' });
    const theirs = await createMedicine(other, { startDate: '2026-10-20', frequency: '1-0-1' });
    await setTaken(other, theirs.id, '2026-11-03', '1-0-1');
  });
  afterAll(() => server?.close());

  const report = async (query = '') => {
    const response = await user.api.get<MonthAggregatesView>(`/api/report/${user.email}/month${query}`);
    expect(response.status, response.text).toBe(200);
    return response.body;
  };

  it('answers the current month by day, medicine and slot in one call', async () => {
    const body = await report();
    expect(body.month).toBe('2026-11');
    expect(body.today).toBe('2026-11-10');
    expect(body.days).toHaveLength(30);
    expect(body.days.slice(0, 11).map((d) => `${d.due}/${d.taken} ${d.status}`)).toEqual([
      '2/2 all',
      '2/1 some',
      '2/0 none', // the other user's ticks of the 3rd do not count
      '2/0 none',
      '3/1 some',
      '3/0 none',
      '3/1 some',
      '2/0 none',
      '2/0 none',
      '1/1 all', // today: only 08:00 is due by noon
      '0/0 future',
    ]);
    expect(body.medicines.map(({ name, due, taken, rate }) => ({ name, due, taken, rate }))).toEqual([
      { name: 'Aspirin', due: 19, taken: 4, rate: 21 },
      { name: 'Bisoprolol', due: 3, taken: 2, rate: 67 },
    ]);
    expect(body.slots.map(({ name, due, taken, rate }) => ({ name, due, taken, rate }))).toEqual([
      { name: 'Morning', due: 10, taken: 3, rate: 30 },
      { name: 'Afternoon', due: 3, taken: 2, rate: 67 },
      { name: 'Evening', due: 9, taken: 1, rate: 11 },
    ]);
    expect(body.totals).toEqual({ due: 22, taken: 6, rate: 27, missed: 16, skipped: 0 });
  });

  it('gives the six months up to the month, a past month counted whole', async () => {
    const { trend } = await report();
    expect(trend.map((p) => p.month)).toEqual([
      '2026-06',
      '2026-07',
      '2026-08',
      '2026-09',
      '2026-10',
      '2026-11',
    ]);
    // October: Aspirin ran 20–31 Oct, 12 days × 2 = 24 due; the 31st taken (2).
    expect(trend[4]).toEqual({ month: '2026-10', due: 24, taken: 2, rate: 8 });
    expect(trend[5]).toEqual({ month: '2026-11', due: 22, taken: 6, rate: 27 });
    expect(trend[0]).toEqual({ month: '2026-06', due: 0, taken: 0, rate: null });
  });

  it('answers an earlier month whole', async () => {
    const october = await report('?month=2026-10');
    expect(october.days).toHaveLength(31);
    expect(october.days[18]).toMatchObject({ date: '2026-10-19', status: 'no-doses' });
    expect(october.days[30]).toMatchObject({ date: '2026-10-31', due: 2, taken: 2, status: 'all' });
    expect(october.totals).toEqual({ due: 24, taken: 2, rate: 8, missed: 22, skipped: 0 });
    expect(october.trend.at(-1)?.month).toBe('2026-10');
  });

  it('refuses a month after the current one and a malformed month with a 400', async () => {
    const later = await user.api.get<{ message: string }>(`/api/report/${user.email}/month?month=2026-12`);
    expect(later.status).toBe(400);
    expect(later.text).toContain('after this month');
    const bad = await user.api.get(`/api/report/${user.email}/month?month=2026-1`);
    expect(bad.status).toBe(400);
    expect(bad.text).toContain('YYYY-MM');
  });

  it('reads today in the caller’s zone: in Kiritimati (UTC+14) it is already the 11th', async () => {
    const early = await signedInUser(server, { timezone: 'Pacific/Kiritimati' });
    await createMedicine(early, {
      frequency: '1-0-1',
      startDate: '2026-11-09',
      durationDays: 5,
      originalDurationDays: 5,
    });
    const response = await early.api.get<MonthAggregatesView>(`/api/report/${early.email}/month`);
    expect(response.status, response.text).toBe(200);
    expect(response.body.today).toBe('2026-11-11');
    // 02:00 local on the 11th: the 10th is whole (2 due), the 11th has nothing due yet.
    expect(response.body.days[9]).toMatchObject({ due: 2, status: 'none' });
    expect(response.body.days[10]).toMatchObject({ due: 0, status: 'future' });
  });
});

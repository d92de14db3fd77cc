import { addDays } from '@medrem/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { measurements } from '../../../src/db/schema';
import { type SignedInUser, createMedicine, setTaken, signedInUser } from '../../support/scenario';
import { TEST_ENGINE } from '../../support/test-database';
import { type TestServer, startTestServer } from '../../support/test-server';

const FIRST = '2025-11-21';
const LAST = '2026-11-20';

interface Point {
  date: string;
  count: number;
  mean: Record<string, number>;
  min: Record<string, number>;
  max: Record<string, number>;
}

/**
 * Decision 301: one answer per chart. A year of twice-daily blood pressure comes back as one
 * min/mean/max per day, two weeks as every reading; the target in the display unit; a medicine's
 * doses per day on the same days, counted by the reports' rule.
 */
describe(`the journal's chart series (${TEST_ENGINE})`, () => {
  let server: TestServer;
  let ada: SignedInUser;
  let medicineId: string;

  beforeAll(async () => {
    server = await startTestServer({ now: '2026-11-21T10:00:00.000Z' });
    ada = await signedInUser(server, { label: 'series-ada', timezone: 'UTC' });
    // A year of readings at 07:00 and 19:00: the morning 10 mmHg above the evening; weights weekly.
    const rows = [];
    for (let date = FIRST; date <= LAST; date = addDays(date, 1)) {
      const day = Math.round((Date.parse(date) - Date.parse(FIRST)) / 86_400_000);
      for (const [time, lift] of [
        ['07:00', 10],
        ['19:00', 0],
      ] as const) {
        rows.push({
          userId: ada.id,
          type: 'blood-pressure',
          value: 130 + lift + (day % 7),
          value2: 80 + (day % 3),
          value3: time === '07:00' ? 60 : null,
          enteredUnit: 'mm[Hg]',
          measuredAt: new Date(`${date}T${time}:00Z`),
        });
      }
    }
    await server.database.handle.db.insert(measurements).values(rows);
    medicineId = (await createMedicine(ada, { name: 'Lisinopril', frequency: '1', startDate: '2026-11-01' }))
      .id;
    await setTaken(ada, medicineId, '2026-11-18', '1');
    await setTaken(ada, medicineId, '2026-11-20', '1');
  });
  afterAll(() => server?.close());

  const series = async (query: string) => {
    const response = await ada.api.get(`/api/journal/series?${query}`);
    expect(response.status, response.text).toBe(200);
    return response.body as { resolution: string; points: Point[]; target: unknown[]; adherence: any };
  };

  it('answers a year with one min/mean/max per day, each day’s numbers right', async () => {
    const year = await series(`type=blood-pressure&from=${FIRST}&to=${LAST}`);
    expect(year.resolution).toBe('day');
    expect(year.points).toHaveLength(365);
    expect(year.points[0]).toMatchObject({
      date: FIRST,
      count: 2,
      mean: { systolic: 135, diastolic: 80, pulse: 60 },
      min: { systolic: 130, diastolic: 80, pulse: 60 },
      max: { systolic: 140, diastolic: 80, pulse: 60 },
    });
    // Day 9: 9 % 7 = 2, 9 % 3 = 0.
    expect(year.points[9]).toMatchObject({ date: addDays(FIRST, 9), mean: { systolic: 137, diastolic: 80 } });
    expect(year.points.at(-1)!.date).toBe(LAST);
  });

  it('answers two weeks with every reading, oldest first', async () => {
    const fortnight = await series('type=blood-pressure&from=2026-11-07&to=2026-11-20');
    expect(fortnight.resolution).toBe('raw');
    expect(fortnight.points).toHaveLength(28);
    expect(fortnight.points.slice(0, 2).map((p) => [p.date, p.count, p.mean['systolic']])).toEqual([
      ['2026-11-07', 1, fortnight.points[1]!.mean['systolic']! + 10],
      ['2026-11-07', 1, fortnight.points[1]!.mean['systolic']!],
    ]);
  });

  it('gives the target and the medicine’s days on the same axis', async () => {
    const prefs = await ada.api.put('/api/journal/types/blood-pressure/preferences', {
      displayUnit: 'mm[Hg]',
      targets: [{ component: 'systolic', low: 100, high: 135 }],
    });
    expect(prefs.status, prefs.text).toBe(200);
    const chart = await series(`type=blood-pressure&from=2026-11-15&to=2026-11-21&medicineId=${medicineId}`);
    expect(chart.target).toEqual([{ component: 'systolic', low: 100, high: 135 }]);
    expect(chart.adherence.name).toBe('Lisinopril');
    const days = chart.adherence.days.map((d: { date: string; due: number; taken: number }) => [
      d.date,
      d.due,
      d.taken,
    ]);
    expect(days.slice(3, 6)).toEqual([
      ['2026-11-18', 1, 1],
      ['2026-11-19', 1, 0],
      ['2026-11-20', 1, 1],
    ]);
  });

  it('shows a weight target in the display unit chosen (pounds)', async () => {
    await ada.api.put('/api/journal/types/weight/preferences', {
      displayUnit: '[lb_av]',
      targets: [{ component: 'value', low: 68.039, high: null }],
    });
    const chart = await series('type=weight&from=2026-11-01&to=2026-11-20');
    expect(chart.target).toEqual([{ component: 'value', low: 150, high: null }]);
    expect(chart.points).toEqual([]);
  });

  it('refuses a range over 366 days, a reversed range and another person’s medicine', async () => {
    expect((await ada.api.get('/api/journal/series?type=weight&from=2025-01-01&to=2026-11-20')).status).toBe(
      400,
    );
    expect((await ada.api.get('/api/journal/series?type=weight&from=2026-11-20&to=2026-11-01')).status).toBe(
      400,
    );
    const other = await signedInUser(server, { label: 'series-other' });
    const foreign = await other.api.get(
      `/api/journal/series?type=weight&from=2026-11-01&to=2026-11-20&medicineId=${medicineId}`,
    );
    expect(foreign.status).toBe(404);
  });
});

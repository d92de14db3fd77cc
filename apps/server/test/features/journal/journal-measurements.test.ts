import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SignedInUser, STACK_TRACE, signedInUser } from '../../support/scenario';
import { TEST_ENGINE } from '../../support/test-database';
import { type TestServer, startTestServer } from '../../support/test-server';

const NOW = '2026-11-21T10:00:00.000Z';
const reading = (body: Record<string, unknown>) => ({
  type: 'blood-pressure',
  values: { systolic: 128, diastolic: 82, pulse: 64 },
  unit: 'mm[Hg]',
  measuredAt: '2026-11-21T08:00:00Z',
  ...body,
});

/** Issue 56: readings in any unit of their type, stored canonical; refused input stores nothing. */
describe(`journal readings (${TEST_ENGINE})`, () => {
  let server: TestServer;
  let ada: SignedInUser;
  let bob: SignedInUser;

  beforeAll(async () => {
    server = await startTestServer({ now: NOW });
    ada = await signedInUser(server, { label: 'journal-ada', timezone: 'Europe/Paris' });
    bob = await signedInUser(server, { label: 'journal-bob' });
  });
  afterAll(() => server?.close());

  const listOf = async (user: SignedInUser, query = '') => {
    const response = await user.api.get(`/api/journal/measurements?from=2026-11-01&to=2026-11-21${query}`);
    expect(response.status, response.text).toBe(200);
    return response.body.measurements as {
      id: string;
      values: Record<string, number>;
      display: { text: string };
    }[];
  };

  it('stores a weight typed in pounds as kilograms, and shows it back in pounds once chosen', async () => {
    const created = await ada.api.post('/api/journal/measurements', {
      type: 'weight',
      values: { value: 154.3 },
      unit: '[lb_av]',
      measuredAt: '2026-11-21T07:00:00Z',
      note: 'Before breakfast',
    });
    expect(created.status, created.text).toBe(201);
    expect(created.body.measurement.values).toEqual({ value: 69.989 });
    expect(created.body.measurement.enteredUnit).toBe('[lb_av]');
    expect(created.body.measurement.display).toEqual({ unit: 'kg', values: { value: 70 }, text: '70 kg' });

    const prefs = await ada.api.put('/api/journal/types/weight/preferences', {
      displayUnit: '[lb_av]',
      targets: [{ component: 'value', low: 60, high: 75 }],
    });
    expect(prefs.status, prefs.text).toBe(200);
    const [weight] = await listOf(ada, '&type=weight');
    expect(weight!.display.text).toBe('154.3 lb');
  });

  it('converts glucose typed in mg/dL to mmol/L and keeps the meal context', async () => {
    const created = await ada.api.post('/api/journal/measurements', {
      type: 'blood-glucose',
      values: { value: 108 },
      unit: 'mg/dL',
      mealContext: 'fasting',
      measuredAt: '2026-11-20T06:30:00Z',
    });
    expect(created.status, created.text).toBe(201);
    expect(created.body.measurement.values.value).toBeCloseTo(5.99, 2);
    expect(created.body.measurement.mealContext).toBe('fasting');
  });

  it.each([
    ['a systolic below its diastolic', reading({ values: { systolic: 80, diastolic: 120 } }), /systolic/i],
    [
      'a value beyond physical limits',
      reading({ values: { systolic: 400, diastolic: 80 } }),
      /between 40 and 300/,
    ],
    ['an unknown unit', reading({ unit: 'kPa' }), /recorded in mmHg/],
    ['a time 10 minutes ahead', reading({ measuredAt: '2026-11-21T10:10:00Z' }), /future/],
    ['a note over 500 characters', reading({ note: 'x'.repeat(501) }), /at most 500/],
    ['a NUL in the note', reading({ note: 'a\u0000b' }), /control characters/],
    ['a value that is no number', reading({ values: { systolic: '120', diastolic: 80 } }), /number/],
    [
      'a component the type lacks',
      reading({ values: { systolic: 120, diastolic: 80, weight: 3 } }),
      /no value/,
    ],
    ['a meal context on a blood pressure', reading({ mealContext: 'fasting' }), /glucose readings only/],
    ['an unknown kind', reading({ type: 'cholesterol' }), /type must be one of/],
    [
      'a weight in °F',
      { type: 'weight', values: { value: 70 }, unit: '[degF]', measuredAt: NOW },
      /kg or lb/,
    ],
  ])('refuses %s with 400 and stores nothing', async (_label, body, message) => {
    const before = await listOf(bob);
    const response = await bob.api.post('/api/journal/measurements', body);
    expect(response.status, response.text).toBe(400);
    expect(response.text).toMatch(message);
    expect(response.text).not.toMatch(STACK_TRACE);
    expect(await listOf(bob)).toEqual(before);
  });

  it('accepts a reading up to 5 minutes ahead of the clock (a device a little fast)', async () => {
    const response = await bob.api.post(
      '/api/journal/measurements',
      reading({ measuredAt: '2026-11-21T10:04:00Z' }),
    );
    expect(response.status, response.text).toBe(201);
  });

  it('applies a keyed reading once: a replay answers the first reading, another body is refused', async () => {
    const body = reading({ idempotencyKey: 'journal-replay-0001', measuredAt: '2026-11-19T07:00:00Z' });
    const first = await ada.api.post('/api/journal/measurements', body);
    const again = await ada.api.post('/api/journal/measurements', body);
    expect(first.status, first.text).toBe(201);
    expect(again.body.measurement.id).toBe(first.body.measurement.id);
    const other = await ada.api.post('/api/journal/measurements', { ...body, note: 'changed' });
    expect(other.status).toBe(409);
    const readings = await listOf(ada, '&type=blood-pressure');
    expect(readings.filter((r) => r.id === first.body.measurement.id)).toHaveLength(1);
    expect(readings).toHaveLength(1);
  });

  it('corrects and deletes only the caller’s own readings: another’s id is 404 and unchanged', async () => {
    const [own] = await listOf(ada, '&type=blood-pressure');
    const update = {
      values: { systolic: 135, diastolic: 85 },
      unit: 'mm[Hg]',
      measuredAt: '2026-11-19T07:00:00Z',
    };
    expect((await bob.api.put(`/api/journal/measurements/${own!.id}`, update)).status).toBe(404);
    expect((await bob.api.delete(`/api/journal/measurements/${own!.id}`)).status).toBe(404);
    expect((await listOf(ada, '&type=blood-pressure'))[0]!.values).toEqual({
      systolic: 128,
      diastolic: 82,
      pulse: 64,
    });

    const corrected = await ada.api.put(`/api/journal/measurements/${own!.id}`, update);
    expect(corrected.status, corrected.text).toBe(200);
    expect(corrected.body.measurement.values).toEqual({ systolic: 135, diastolic: 85 });
    const bad = await ada.api.put(`/api/journal/measurements/${own!.id}`, {
      ...update,
      values: { systolic: 60, diastolic: 85 },
    });
    expect(bad.status).toBe(400);
    expect((await ada.api.delete(`/api/journal/measurements/${own!.id}`)).status).toBe(200);
    expect(await listOf(ada, '&type=blood-pressure')).toEqual([]);
  });

  it('keeps own types private, judges their readings by their range, and deletes their readings with them', async () => {
    const created = await ada.api.post('/api/journal/types', {
      name: 'Waist',
      unit: 'cm',
      min: 30,
      max: 250,
      decimals: 1,
    });
    expect(created.status, created.text).toBe(201);
    const id = created.body.type.type as string;
    expect(
      (await ada.api.post('/api/journal/types', { name: 'waist', unit: 'cm', min: 1, max: 2, decimals: 0 }))
        .status,
    ).toBe(409);
    expect(
      (await ada.api.post('/api/journal/types', { name: 'Bad', unit: 'cm', min: 5, max: 5, decimals: 0 }))
        .status,
    ).toBe(400);

    const waist = { type: id, values: { value: 88.44 }, unit: 'cm', measuredAt: '2026-11-21T07:30:00Z' };
    const stored = await ada.api.post('/api/journal/measurements', waist);
    expect(stored.status, stored.text).toBe(201);
    expect(stored.body.measurement.display.text).toBe('88.4 cm');
    expect(
      (await ada.api.post('/api/journal/measurements', { ...waist, values: { value: 400 } })).status,
    ).toBe(400);
    expect((await ada.api.post('/api/journal/measurements', { ...waist, unit: 'in' })).status).toBe(400);
    // Another person cannot see, use, change or delete it.
    expect((await bob.api.post('/api/journal/measurements', waist)).status).toBe(404);
    const bobTypes = await bob.api.get('/api/journal/types');
    expect((bobTypes.body.types as { type: string }[]).map((t) => t.type)).not.toContain(id);
    expect((await bob.api.delete(`/api/journal/types/${id}`)).status).toBe(404);
    // A narrower range must keep the stored readings valid.
    const narrow = await ada.api.put(`/api/journal/types/${id}`, {
      name: 'Waist',
      unit: 'cm',
      min: 90,
      max: 250,
      decimals: 1,
    });
    expect(narrow.status).toBe(400);

    expect((await ada.api.delete(`/api/journal/types/${id}`)).status).toBe(200);
    expect((await listOf(ada)).some((r) => r.id === stored.body.measurement.id)).toBe(false);
  });

  it('refuses a display unit the type lacks and a target outside its limits', async () => {
    const unit = await ada.api.put('/api/journal/types/temperature/preferences', {
      displayUnit: 'kg',
      targets: [],
    });
    expect(unit.status).toBe(400);
    const target = await ada.api.put('/api/journal/types/spo2/preferences', {
      displayUnit: '%',
      targets: [{ component: 'value', low: 20, high: 100 }],
    });
    expect(target.status).toBe(400);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseCsv } from '../reports/report-files';
import {
  type SignedInUser,
  createMedicine,
  expectJsonError,
  settingsOf,
  signedInUser,
} from '../../support/scenario';
import { TEST_ENGINE } from '../../support/test-database';
import { type TestServer, startTestServer } from '../../support/test-server';

// Issue 51, findings 6 and 7: the take-early window the server enforces (decision 190), and the
// instant a dose was taken, stored, answered, reported and corrected (decision 191).
const TODAY = '2026-11-21';
const at = (time: string, date = TODAY) => `${date}T${time}:00.000Z`;

type Day = { takenDay: { date: string; taken: string; takenAt?: (string | null)[] } | null };

describe(`dose timing (${TEST_ENGINE})`, () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ now: at('10:00') });
  });
  afterAll(() => server.close());

  // Default times 08:00, 14:00, 20:00 in UTC.
  const newUser = () => signedInUser(server, { label: 'timing', timezone: 'UTC' });
  const tick = (user: SignedInUser, id: string, body: Record<string, unknown>) =>
    user.api.put<Day & { message?: string }>(`/api/medicine/${id}/dose`, { date: TODAY, ...body });
  const dayOf = async (user: SignedInUser, id: string, date = TODAY) => {
    const response = await user.api.get<Day>(`/api/medicine/${id}/taken?date=${date}`);
    expect(response.status, response.text).toBe(200);
    return response.body.takenDay;
  };
  /** The clock moved on: the bearer token is renewed from the session, as the app does. */
  const moveTo = async (user: SignedInUser, time: string) => {
    server.clock.set(new Date(at(time)));
    await user.api.refreshToken(user.email);
  };
  const correct = (user: SignedInUser, id: string, body: Record<string, unknown>) =>
    user.api.put<Day & { message?: string }>(`/api/medicine/${id}/dose/taken-at`, { date: TODAY, ...body });

  describe('the take-early window (decision 190)', () => {
    it('accepts a tick within the window before the dose and refuses one before it, saying from when', async () => {
      server.clock.set(new Date(at('10:00')));
      const me = await newUser();
      const m = await createMedicine(me, { frequency: '1-1-0' });
      const early = await tick(me, m.id, { slot: 1, taken: true });
      expectJsonError(early, 400);
      expect(early.body.message).toBe(
        'This dose is scheduled for 2:00 PM: it can be marked taken up to 1 hour before its time (from 1:00 PM).',
      );
      expect((await dayOf(me, m.id))?.taken ?? '0-0-0').toBe('0-0-0');

      await moveTo(me, '13:10');
      const inWindow = await tick(me, m.id, { slot: 1, taken: true });
      expect(inWindow.status, inWindow.text).toBe(200);
      expect((await dayOf(me, m.id))?.taken).toBe('0-1-0');
      // Unticking is never refused.
      const untick = await tick(me, m.id, { slot: 1, taken: false });
      expect(untick.status, untick.text).toBe(200);
    });

    it('judges an offline tick at its press time, and follows the user’s window', async () => {
      server.clock.set(new Date(at('13:30')));
      const me = await newUser();
      const m = await createMedicine(me, { frequency: '0-1-0' });
      // Pressed at 12:30 (before 13:00), synced at 13:30: refused.
      const pressedEarly = await tick(me, m.id, { slot: 1, taken: true, tickedAt: at('12:30') });
      expectJsonError(pressedEarly, 400);
      // A window of 0: only from the dose's time on.
      const settings = await settingsOf(me);
      const saved = await me.api.put(`/api/user/${me.email}/settings`, {
        ...settings,
        medicineDefaults: { ...settings.medicineDefaults, takeEarlyMinutes: 0 },
      });
      expect(saved.status, saved.text).toBe(200);
      expectJsonError(await tick(me, m.id, { slot: 1, taken: true }), 400);
      await moveTo(me, '14:00');
      expect((await tick(me, m.id, { slot: 1, taken: true })).status).toBe(200);
    });

    it('refuses a window outside 0 to 180 minutes', async () => {
      const me = await newUser();
      const settings = await settingsOf(me);
      const response = await me.api.put(`/api/user/${me.email}/settings`, {
        ...settings,
        medicineDefaults: { ...settings.medicineDefaults, takeEarlyMinutes: 181 },
      });
      expectJsonError(response, 400);
    });

    it('applies to a notification’s button', async () => {
      server.clock.set(new Date(at('10:00')));
      const me = await newUser();
      const m = await createMedicine(me, { frequency: '1-1-0' });
      expect((await tick(me, m.id, { slot: 0, taken: true })).status).toBe(200);
      const token = server.app.services.actionTokens.sign(
        { action: 'take', userId: me.id, slot: 1, date: TODAY },
        server.clock.now(),
      );
      const pressed = await fetch(`${server.baseUrl}/api/push/action`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ token }),
      });
      expect(pressed.status).toBe(400);
      expect((await dayOf(me, m.id))?.taken).toBe('1-0-0');
    });
  });

  describe('when a dose was taken (decision 191)', () => {
    it('stores the tick’s instant, an offline press time (capped at now), and clears it on untick', async () => {
      server.clock.set(new Date(at('20:30')));
      const me = await newUser();
      const m = await createMedicine(me, { frequency: '1-1-1' });
      expect((await tick(me, m.id, { slot: 0, taken: true, tickedAt: at('08:05') })).status).toBe(200);
      expect((await tick(me, m.id, { slot: 1, taken: true })).status).toBe(200);
      // A device clock ahead of the server's: the instant is the server's now.
      expect((await tick(me, m.id, { slot: 2, taken: true, tickedAt: at('21:00') })).status).toBe(200);
      expect(await dayOf(me, m.id)).toEqual({
        date: TODAY,
        taken: '1-1-1',
        takenAt: [at('08:05'), at('20:30'), at('20:30')],
      });
      await moveTo(me, '20:40');
      expect((await tick(me, m.id, { slot: 1, taken: false })).status).toBe(200);
      expect((await dayOf(me, m.id))?.takenAt).toEqual([at('08:05'), null, at('20:30')]);
    });

    it('stores the instant a notification’s button was pressed, also when sent later', async () => {
      server.clock.set(new Date(at('09:00')));
      const me = await newUser();
      const m = await createMedicine(me, { frequency: '1-0-0' });
      const token = server.app.services.actionTokens.sign(
        { action: 'take', userId: me.id, slot: 0, date: TODAY },
        server.clock.now(),
      );
      const pressed = await fetch(`${server.baseUrl}/api/push/action`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ token, at: at('08:10') }),
      });
      expect(pressed.status, await pressed.text()).toBe(200);
      expect((await dayOf(me, m.id))?.takenAt).toEqual([at('08:10'), null, null]);
    });

    it('answers it in the history beside the spec’s taken string', async () => {
      server.clock.set(new Date(at('21:00')));
      const me = await newUser();
      const m = await createMedicine(me, { frequency: '1-0-1', startDate: '2026-11-19' });
      await tick(me, m.id, { date: '2026-11-20', slot: 2, taken: true, tickedAt: at('19:40', '2026-11-20') });
      const put = await me.api.put(`/api/medicine/${m.id}/taken`, { date: TODAY, taken: '1-0-0' });
      expect(put.status, put.text).toBe(200);
      const history = await me.api.get(`/api/medicine/${m.id}/history?from=2026-11-19&to=${TODAY}`);
      expect(history.status, history.text).toBe(200);
      expect(history.body).toEqual({
        takenHistory: [
          { date: '2026-11-20', taken: '0-0-1', takenAt: [null, null, at('19:40', '2026-11-20')] },
          // The spec's whole-day write says which doses were taken, not when: no instant.
          { date: TODAY, taken: '1-0-0' },
        ],
      });
    });

    it('lets the user correct it, within bounds', async () => {
      server.clock.set(new Date(at('20:30')));
      const me = await newUser();
      const m = await createMedicine(me, { frequency: '0-0-1' });
      expect((await tick(me, m.id, { slot: 2, taken: true })).status).toBe(200);
      const corrected = await correct(me, m.id, { slot: 2, takenAt: at('19:45') });
      expect(corrected.status, corrected.text).toBe(200);
      expect(corrected.body.takenDay).toEqual({
        date: TODAY,
        taken: '0-0-1',
        takenAt: [null, null, at('19:45')],
      });
      expect((await dayOf(me, m.id))?.takenAt).toEqual([null, null, at('19:45')]);
      // Not in the future, not long before the day, not for a dose not taken.
      expectJsonError(await correct(me, m.id, { slot: 2, takenAt: at('20:31') }), 400);
      expectJsonError(await correct(me, m.id, { slot: 2, takenAt: at('20:59', '2026-11-20') }), 400);
      expect((await correct(me, m.id, { slot: 2, takenAt: at('21:00', '2026-11-20') })).status).toBe(200);
      expectJsonError(await correct(me, m.id, { slot: 0, takenAt: at('08:00') }), 400);
      expectJsonError(await correct(me, m.id, { slot: 2, takenAt: 'yesterday' }), 400);
      // A correction does not change which offline change wins (decision 070): an untick pressed
      // after the tick still wins, though the corrected time is earlier than both.
      expect(
        (await tick(me, m.id, { slot: 2, taken: false, tickedAt: at('20:20') })).body.takenDay?.taken,
      ).toBe('0-0-1');
    });

    it('reports it: CSV taken_at and FHIR effectiveDateTime are the taken instant', async () => {
      server.clock.set(new Date(at('21:00')));
      const me = await newUser();
      const m = await createMedicine(me, { name: 'Taken-at', frequency: '0-0-1', startDate: '2026-11-20' });
      expect((await tick(me, m.id, { slot: 2, taken: true, tickedAt: at('19:32') })).status).toBe(200);
      const csv = await me.api.get(`/api/report/${me.email}/doctor/csv?from=${TODAY}&to=${TODAY}`);
      expect(csv.status, csv.text).toBe(200);
      const [header, ...rows] = parseCsv(csv.text);
      const dose = rows.find((r) => r[header!.indexOf('section')] === 'dose')!;
      expect(dose[header!.indexOf('time')]).toBe('20:00');
      expect(dose[header!.indexOf('taken_at')]).toBe('2026-11-21T19:32:00+00:00');
      const fhir = await me.api.get<{ entry: { resource: Record<string, unknown> }[] }>(
        `/api/report/${me.email}/doctor/fhir?from=${TODAY}&to=${TODAY}`,
      );
      expect(fhir.status, fhir.text).toBe(200);
      const administrations = fhir.body.entry
        .map((e) => e.resource)
        .filter((r) => r.resourceType === 'MedicationAdministration');
      expect(administrations.map((r) => r.effectiveDateTime)).toEqual(['2026-11-21T19:32:00+00:00']);
      // Decision 192: a limit entered as 6 hours reads "6 hours", not "360 minutes".
      await createMedicine(me, {
        name: 'Paracetamol',
        frequency: '0',
        schedule: { kind: 'asNeeded', maxPer24h: null, minIntervalMinutes: 360 },
      });
      const json = await me.api.get<{ medicines: { name: string; schedule: string }[] }>(
        `/api/report/${me.email}/doctor?from=${TODAY}&to=${TODAY}`,
      );
      expect(json.body.medicines.find((x) => x.name === 'Paracetamol')?.schedule).toBe(
        'As needed, at least 6 hours apart',
      );
    });
  });
});

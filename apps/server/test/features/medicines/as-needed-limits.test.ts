import { type AsNeededIntake, ERROR_REASONS, type Medicine, contract } from '@medrem/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SignedInUser, createMedicine, seedNotification, signedInUser } from '../../support/scenario';
import { TEST_ENGINE } from '../../support/test-database';
import { type TestServer, startTestServer } from '../../support/test-server';

const NOW = '2026-11-21T12:00:00.000Z';
const minutesBefore = (minutes: number) => new Date(Date.parse(NOW) - minutes * 60_000).toISOString();

describe(`as-needed limits and idempotent retries (${TEST_ENGINE})`, () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ now: NOW });
  });
  afterAll(() => server.close());

  const painkiller = async (
    me: SignedInUser,
    limits: { maxPer24h: number | null; minIntervalMinutes: number | null },
  ) =>
    createMedicine(me, {
      name: 'Ibuprofen',
      frequency: '1-0-0',
      startDate: '2026-11-20',
      totalPills: 30,
      schedule: { kind: 'asNeeded', ...limits },
    });
  const take = (me: SignedInUser, medicine: Medicine, body: Record<string, unknown> = {}) =>
    me.api.post<AsNeededIntake>(`/api/medicine/${medicine.id}/as-needed`, body);
  /** Moves the clock and takes a token valid at the new time. */
  const moveTo = async (me: SignedInUser, instant: string) => {
    server.clock.set(instant);
    await me.api.refreshToken(me.email);
  };

  // Decision 180: a dose recorded late is judged against the doses after it too.
  describe('back-dating cannot pass a limit', () => {
    it('refuses a dose within the minimum interval before one already taken', async () => {
      server.clock.set(NOW);
      const me = await signedInUser(server, { label: 'prn' });
      const medicine = await painkiller(me, { maxPer24h: null, minIntervalMinutes: 120 });
      expect((await take(me, medicine)).status).toBe(201);
      const backDated = await take(me, medicine, { takenAt: minutesBefore(30) });
      expect(backDated.status, backDated.text).toBe(409);
      expect(backDated.body).toMatchObject({ data: { reason: ERROR_REASONS.asNeededLimit } });
      expect((await take(me, medicine, { takenAt: minutesBefore(120) })).status).toBe(201);
    });

    it('refuses a third dose in 24 hours, wherever in time it is put', async () => {
      server.clock.set(NOW);
      const me = await signedInUser(server, { label: 'prn' });
      const medicine = await painkiller(me, { maxPer24h: 2, minIntervalMinutes: null });
      expect((await take(me, medicine)).status).toBe(201);
      expect((await take(me, medicine, { takenAt: minutesBefore(60) })).status).toBe(201);
      const third = await take(me, medicine, { takenAt: minutesBefore(120) });
      expect(third.status, third.text).toBe(409);
      const log = await me.api.get<{ intakes: AsNeededIntake[] }>(
        `/api/medicine/${medicine.id}/as-needed?from=2026-11-20&to=2026-11-21`,
      );
      expect(log.body.intakes).toHaveLength(2);
    });
  });

  // Decision 181: a retry with the same key answers the first answer, and a key conflict is told
  // apart from a limit by its reason.
  describe('idempotent retries', () => {
    it('answers a retried as-needed dose with the first answer, a moment later', async () => {
      server.clock.set(NOW);
      const me = await signedInUser(server, { label: 'prn' });
      const medicine = await painkiller(me, { maxPer24h: 4, minIntervalMinutes: 240 });
      const first = await take(me, medicine, { idempotencyKey: 'as-needed-retry-1' });
      expect(first.status, first.text).toBe(201);
      await moveTo(me, '2026-11-21T12:00:05.000Z');
      const retry = await take(me, medicine, { idempotencyKey: 'as-needed-retry-1' });
      expect(retry.status, retry.text).toBe(201);
      expect(retry.body).toEqual(first.body);
      const other = await take(me, medicine, { idempotencyKey: 'as-needed-retry-1', override: true });
      expect(other.status).toBe(409);
      expect(other.body).toMatchObject({ data: { reason: ERROR_REASONS.idempotencyKeyReused } });
      const limited = await take(me, medicine, { idempotencyKey: 'as-needed-retry-2' });
      expect(limited.status).toBe(409);
      expect(limited.body).toMatchObject({ data: { reason: ERROR_REASONS.asNeededLimit } });
    });

    it('every keyed write answers a retry sent later with the first answer', async () => {
      server.clock.set(NOW);
      const me = await signedInUser(server, { label: 'retry' });
      const prn = await painkiller(me, { maxPer24h: null, minIntervalMinutes: null });
      const daily = await createMedicine(me, { frequency: '1-0-1', startDate: '2026-11-20' });
      const evening = await createMedicine(me, { frequency: '0-0-1', startDate: '2026-11-20' });
      const notification = await seedNotification(server, me.id);
      const actionToken = server.app.services.actionTokens.sign(
        { action: 'take', userId: me.id, slot: 0, date: '2026-11-21', medicineId: daily.id },
        server.clock.now(),
      );
      // The journal's entries to correct (issue 56), made without a key.
      const reading = await me.api.post<{ measurement: { id: string } }>('/api/journal/measurements', {
        type: 'weight',
        values: { value: 80 },
        unit: 'kg',
        measuredAt: '2026-11-21T07:00:00.000Z',
      });
      expect(reading.status, reading.text).toBe(201);
      const symptom = await me.api.post<{ symptom: { id: string } }>('/api/journal/symptoms', {
        symptom: 'Nausea',
        severity: 2,
        occurredAt: '2026-11-21T07:00:00.000Z',
      });
      expect(symptom.status, symptom.text).toBe(201);
      const weighed = {
        type: 'weight',
        values: { value: 81 },
        unit: 'kg',
        measuredAt: '2026-11-21T11:00:00.000Z',
      };
      const felt = { symptom: 'Headache', severity: 3, occurredAt: '2026-11-21T11:00:00.000Z' };
      // Each write that takes a key, sent as a client would, with its times left to the server.
      const writes: Record<string, (key: string) => ReturnType<SignedInUser['api']['post']>> = {
        'medicine.setTaken': (key) =>
          me.api.put(`/api/medicine/${daily.id}/taken`, {
            date: '2026-11-21',
            taken: '1-0-0',
            idempotencyKey: key,
          }),
        'medicine.tickDose': (key) =>
          me.api.put(`/api/medicine/${daily.id}/dose`, {
            date: '2026-11-21',
            slot: 0,
            taken: false,
            idempotencyKey: key,
          }),
        'medicine.skipDose': (key) =>
          me.api.put(`/api/medicine/${daily.id}/dose/skip`, {
            date: '2026-11-21',
            slot: 2,
            skipped: true,
            reason: 'felt_unwell',
            idempotencyKey: key,
          }),
        // A dose of its own, untouched by the writes above (issue 58).
        'medicine.postponeDose': (key) =>
          me.api.post('/api/doses/postpone', {
            medicineId: evening.id,
            date: '2026-11-21',
            plannedTime: '20:00',
            newTime: '21:30',
            idempotencyKey: key,
          }),
        'pack.add': (key) =>
          me.api.post(`/api/medicine/${daily.id}/packs`, {
            gtin: '09506000134352',
            expiresOn: '2027-12-31',
            pills: 30,
            idempotencyKey: key,
          }),
        'medicine.takeAsNeeded': (key) =>
          me.api.post(`/api/medicine/${prn.id}/as-needed`, { idempotencyKey: key }),
        'notification.markRead': (key) =>
          me.api.patch(`/api/notifications/${notification.id}/read`, { idempotencyKey: key }),
        'notification.markAllRead': (key) =>
          me.api.patch(`/api/notifications/${me.email}/read-all`, { idempotencyKey: key }),
        'push.action': (key) => me.api.post('/api/push/action', { token: actionToken, idempotencyKey: key }),
        'journal.createMeasurement': (key) =>
          me.api.post('/api/journal/measurements', { ...weighed, idempotencyKey: key }),
        'journal.updateMeasurement': (key) =>
          me.api.put(`/api/journal/measurements/${reading.body.measurement.id}`, {
            values: { value: 82 },
            unit: 'kg',
            measuredAt: '2026-11-21T07:00:00.000Z',
            idempotencyKey: key,
          }),
        'journal.createSymptom': (key) =>
          me.api.post('/api/journal/symptoms', { ...felt, idempotencyKey: key }),
        'journal.updateSymptom': (key) =>
          me.api.put(`/api/journal/symptoms/${symptom.body.symptom.id}`, {
            ...felt,
            severity: 4,
            idempotencyKey: key,
          }),
        'journal.setMood': (key) =>
          me.api.put('/api/journal/moods/2026-11-21', { mood: 4, idempotencyKey: key }),
      };
      const keyed = Object.entries(contract).flatMap(([feature, procedures]) =>
        Object.entries(procedures)
          .filter(([, p]) => 'idempotencyKey' in ((p.input as { shape?: object }).shape ?? {}))
          .map(([name]) => `${feature}.${name}`),
      );
      // A new keyed write must be added here: its retry is what this test is about.
      expect(Object.keys(writes).sort()).toEqual(keyed.sort());
      for (const [name, write] of Object.entries(writes)) {
        server.clock.set(NOW);
        const key = `retry-${name}`;
        const first = await write(key);
        expect(first.status, `${name}: ${first.text}`).toBeLessThan(300);
        server.clock.set('2026-11-21T12:01:00.000Z');
        const retry = await write(key);
        expect(retry.status, `${name}: ${retry.text}`).toBe(first.status);
        expect(retry.body, name).toEqual(first.body);
      }
    });
  });
});

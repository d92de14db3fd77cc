import type { Cabinet, DataExport, GtinMapping, Medicine, Pack, PackReading } from '@medrem/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../../src/db/database';
import { TEST_ENGINE } from '../../support/test-database';
import {
  RecordingSender,
  type ReminderServer,
  type TestUser,
  createUser,
  startReminderServer,
} from '../reminders/reminder-harness';

/** GS1's own example product number (General Specifications), with a good check digit. */
const GTIN = '09506000134352';
const OTHER_GTIN = '04012345000016';
const GS = '\u001d';
/** A DataMatrix's element string as a scanner gives it: FNC1 as ASCII 29 after variable fields. */
const code = (serial: string, expiry = '270115', batch = 'B1') =>
  `]d201${GTIN}17${expiry}10${batch}${GS}21${serial}`;

type PackAnswer = { pack: Pack; medicine: Medicine };

/**
 * Packs, GTIN mappings and the cabinet (issue 58, decisions 321–324, 342), with a controlled clock:
 * today is 2026-12-10 (UTC). The expiry reminders are in expiry-reminders.test.ts.
 */
describe(`packs and the cabinet (${TEST_ENGINE})`, () => {
  let server: ReminderServer;
  let me: TestUser;
  const sender = new RecordingSender();
  beforeAll(async () => {
    // Sessions outlive the two months the expiry test walks through.
    server = await startReminderServer({
      now: '2026-12-10T10:00:00Z',
      sender,
      env: { SESSION_TTL_DAYS: '365' },
    });
    me = await createUser(server, { timezone: 'UTC', notifications: { missedDoseAlerts: false } });
  });
  afterAll(() => server.close());

  const add = async (id: string, body: Record<string, unknown>) => {
    await me.refresh();
    return me.api.post<PackAnswer>(`/api/medicine/${id}/packs`, body);
  };
  const packs = async (id: string) => {
    const response = await me.api.get<{ packs: Pack[]; loosePills: number }>(`/api/medicine/${id}/packs`);
    expect(response.status, response.text).toBe(200);
    return response.body;
  };
  const cabinet = async () => {
    await me.refresh();
    const response = await me.api.get<Cabinet>('/api/cabinet');
    expect(response.status, response.text).toBe(200);
    return response.body;
  };
  const query = async <T>(statement: ReturnType<typeof sql>) =>
    rowsOf<T>(await server.database.handle.db.execute(statement));
  const tables = async () =>
    (
      await query<{ packs: number; refills: number; mappings: number }>(sql`
        select (select count(*)::int from medicine_packs) as packs, (select count(*)::int from refills) as refills,
          (select count(*)::int from gtin_mappings) as mappings`)
    )[0]!;

  it('adds a scanned pack as a refill, remembers its GTIN, and refuses its serial twice', async () => {
    const m = await me.addMedicine({
      name: 'Metformin',
      frequency: '1-0-1',
      totalPills: 10,
      startDate: '2026-12-10',
    });
    // First scan: the server reads the code itself; nothing is known of the GTIN yet.
    const read = await me.api.post<{ reading: PackReading; mapping: GtinMapping | null; added: unknown }>(
      '/api/packs/read',
      { code: code('S1') },
    );
    expect(read.status, read.text).toBe(200);
    expect(read.body).toEqual({
      reading: {
        gtin: GTIN,
        expiresOn: '2027-01-15',
        batch: 'B1',
        serial: 'S1',
        count: null,
        source: 'element-string',
      },
      mapping: null,
      added: null,
    });
    // Without a count of pills (none given, none remembered, none in the code): asked, nothing stored.
    const before = await tables();
    const noCount = await add(m.id, { code: code('S1') });
    expect(noCount.status, noCount.text).toBe(400);
    expect(noCount.body).toMatchObject({ message: expect.stringContaining('How many pills') });

    const first = await add(m.id, { code: code('S1'), pills: 30 });
    expect(first.status, first.text).toBe(201);
    expect(first.body.pack).toMatchObject({
      gtin: GTIN,
      batch: 'B1',
      serial: 'S1',
      expiresOn: '2027-01-15',
      pills: 30,
      pillsLeft: 30,
      state: 'on-hand',
      daysToExpiry: 36,
    });
    expect(first.body.medicine.pillsLeft).toBe(40);
    expect(await tables()).toEqual({
      packs: before.packs + 1,
      refills: before.refills + 1,
      mappings: before.mappings + 1,
    });

    // A later scan of the GTIN is recognised, and this serial is known: a rescan says so.
    const again = await me.api.post<{ mapping: GtinMapping; added: { medicineName: string } }>(
      '/api/packs/read',
      {
        code: code('S1'),
      },
    );
    expect(again.body.mapping).toMatchObject({
      gtin: GTIN,
      medicineId: m.id,
      medicineName: 'Metformin',
      pillsPerPack: 30,
    });
    expect(again.body.added).toMatchObject({ medicineName: 'Metformin' });
    const twice = await add(m.id, { code: code('S1') });
    expect(twice.status, twice.text).toBe(409);
    expect(twice.body).toMatchObject({ data: { reason: 'PACK_SERIAL_KNOWN' } });
    // The same serial typed in by hand is the same pack.
    expect((await add(m.id, { gtin: GTIN.slice(1), serial: 'S1', pills: 30 })).status).toBe(409);
    expect(await tables()).toEqual({
      packs: before.packs + 1,
      refills: before.refills + 1,
      mappings: before.mappings + 1,
    });

    // The next pack of the product needs no count: the GTIN remembers 30.
    const second = await add(m.id, { code: code('S2', '270300') });
    expect(second.status, second.text).toBe(201);
    expect(second.body.pack).toMatchObject({ pills: 30, expiresOn: '2027-03-31' });
  });

  it('records a new medicine’s first pack in its supply: expiry kept, no pills added twice', async () => {
    // Decision 342: the add screen's scan filled the supply with the pack's 28 pills; the pack is
    // then recorded inSupply, so its expiry, batch and serial are kept without a second 28.
    const third = '05012345678900';
    const firstPack = `01${third}172805311028A${GS}21N1`;
    const m = await me.addMedicine({ name: 'Atorvastatin', totalPills: 28, startDate: '2026-12-10' });
    const before = await tables();
    const body = { code: firstPack, pills: 28, inSupply: true, idempotencyKey: 'first-pack-0001' };
    const first = await add(m.id, body);
    expect(first.status, first.text).toBe(201);
    expect(first.body.pack).toMatchObject({
      gtin: third,
      batch: '28A',
      serial: 'N1',
      expiresOn: '2028-05-31',
      pills: 28,
      pillsLeft: 28,
      state: 'on-hand',
    });
    expect(first.body.medicine.pillsLeft).toBe(28);
    expect(await tables()).toEqual({ ...before, packs: before.packs + 1, mappings: before.mappings + 1 });
    // The save retried (the answer lost on the way): the same pack, nothing added again.
    const replay = await add(m.id, body);
    expect(replay.status, replay.text).toBe(201);
    expect(replay.body.pack.id).toBe(first.body.pack.id);
    expect(replay.body.medicine.pillsLeft).toBe(28);
    expect(await packs(m.id)).toMatchObject({ loosePills: 0, packs: [{ id: first.body.pack.id }] });
    expect((await cabinet()).packs.find((p) => p.id === first.body.pack.id)).toMatchObject({
      medicineName: 'Atorvastatin',
      expiresOn: '2028-05-31',
    });
    // Removed as a mistake, it added no pills, so it takes none off: the 28 typed stay.
    const removed = await me.api.delete<{ medicine: Medicine }>(
      `/api/medicine/${m.id}/packs/${first.body.pack.id}`,
    );
    expect(removed.status, removed.text).toBe(200);
    expect(removed.body.medicine.pillsLeft).toBe(28);
    // Its product was remembered for the new medicine; forgotten here, as the mappings test counts them.
    const mapping = await me.api.get<{ mappings: GtinMapping[] }>('/api/gtin-mappings');
    expect(mapping.body.mappings.find((x) => x.gtin === third)).toMatchObject({
      medicineId: m.id,
      pillsPerPack: 28,
    });
    expect((await me.api.delete(`/api/gtin-mappings/${third}`)).status).toBe(200);
    expect(await tables()).toEqual(before);
  });

  it('refuses bad input with a 4xx and stores nothing', async () => {
    const m = await me.addMedicine({ name: 'Bad input', totalPills: 10 });
    const before = await tables();
    const cases: [Record<string, unknown>, number, string][] = [
      [{ code: 'hello world' }, 400, 'not one a medicine pack carries'],
      [{ code: `01${GTIN.slice(0, 13)}9` }, 400, 'check digit does not match'],
      [{ code: `01${GTIN}17271301`, pills: 10 }, 400, 'is not a date'],
      [{ code: `01${GTIN}17260101`, pills: 10 }, 400, 'expired on 2026-01-31'.slice(0, 10)],
      [{ gtin: '09506000134353', pills: 10 }, 400, 'check digit'],
      [{ gtin: GTIN, expiresOn: '2027-02-29', pills: 10 }, 400, 'Not a real calendar date'],
      [{ gtin: GTIN, expiresOn: '2045-01-01', pills: 10 }, 400, 'more than 10 years'],
      [{ code: `01${GTIN}`, gtin: GTIN, pills: 10 }, 400, 'not both'],
      [{ serial: 'X1', pills: 10 }, 400, 'needs the product number'],
      [{ code: `01${GTIN}\u0000`, pills: 10 }, 400, 'control character'],
      [{ gtin: GTIN, pills: 0 }, 400, 'at least 1'],
    ];
    for (const [body, status, message] of cases) {
      const response = await add(m.id, body);
      expect(response.status, `${JSON.stringify(body)}: ${response.text}`).toBe(status);
      expect(response.body).toMatchObject({ message: expect.stringContaining(message) });
    }
    const read = await me.api.post('/api/packs/read', { code: `01${GTIN}17261340` });
    expect(read.status, read.text).toBe(400);
    expect(await tables()).toEqual(before);
  });

  it('counts the supply first-expiring-first, and takes a used-up or removed pack off it', async () => {
    const m = await me.addMedicine({
      name: 'Ramipril',
      frequency: '1-0-0',
      totalPills: 5,
      startDate: '2026-12-01',
    });
    const late = await add(m.id, { gtin: OTHER_GTIN, batch: 'LATE', expiresOn: '2027-06-30', pills: 20 });
    const early = await add(m.id, { gtin: OTHER_GTIN, batch: 'EARLY', expiresOn: '2027-02-28', pills: 20 });
    expect(early.body.medicine.pillsLeft).toBe(45);
    // 10 doses taken: the 5 loose pills first, then 5 from the first-expiring pack.
    for (let day = 1; day <= 10; day++) {
      const date = `2026-12-${String(day).padStart(2, '0')}`;
      const tick = await me.api.put(`/api/medicine/${m.id}/taken`, { date, taken: '1-0-0' });
      expect(tick.status, tick.text).toBe(200);
    }
    let listed = await packs(m.id);
    expect(listed.loosePills).toBe(0);
    expect(listed.packs.map((p) => [p.batch, p.pillsLeft])).toEqual([
      ['EARLY', 15],
      ['LATE', 20],
    ]);

    // The first pack thrown away: its 15 pills come off the supply, the pack stays as used up.
    const used = await me.api.post<PackAnswer>(
      `/api/medicine/${m.id}/packs/${early.body.pack.id}/used-up`,
      {},
    );
    expect(used.status, used.text).toBe(200);
    expect(used.body.pack).toMatchObject({ state: 'used-up', pillsLeft: 0 });
    expect(used.body.medicine.pillsLeft).toBe(20);
    expect((await me.api.post(`/api/medicine/${m.id}/packs/${early.body.pack.id}/used-up`, {})).status).toBe(
      409,
    );

    // The other removed as a mistake: its 20 pills and its refill go.
    const removed = await me.api.delete<{ medicine: Medicine }>(
      `/api/medicine/${m.id}/packs/${late.body.pack.id}`,
    );
    expect(removed.status, removed.text).toBe(200);
    expect(removed.body.medicine.pillsLeft).toBe(0);
    listed = await packs(m.id);
    expect(listed.packs.map((p) => [p.batch, p.state])).toEqual([['EARLY', 'used-up']]);
  });

  it('lists the cabinet: packs on hand first-expiring first, what is expired, what runs out first', async () => {
    const c = await cabinet();
    expect(c.today).toBe('2026-12-10');
    const expiries = c.packs.map((p) => p.expiresOn);
    expect(expiries).toEqual([...expiries].sort());
    expect(c.packs.every((p) => p.state !== 'used-up')).toBe(true);
    expect(c.packs[0]).toMatchObject({ medicineName: 'Metformin', expiresOn: '2027-01-15' });
    expect(c.expiredCount).toBe(0);
    const runsOut = c.medicines.map((x) => x.runsOutOn);
    expect(runsOut.filter(Boolean)).toEqual(runsOut.filter(Boolean).sort());
    expect(c.medicines[0]).toMatchObject({ name: 'Ramipril', pillsLeft: 0, runsOutOn: '2026-12-10' });
  });

  it('keeps GTIN mappings per user: set, list, forget; another user sees none of it', async () => {
    const m = await me.addMedicine({ name: 'Mapped', totalPills: 10 });
    const set = await me.api.put<GtinMapping>(`/api/gtin-mappings/${OTHER_GTIN}`, {
      medicineId: m.id,
      pillsPerPack: 28,
    });
    expect(set.status, set.text).toBe(200);
    expect(set.body).toMatchObject({ gtin: OTHER_GTIN, medicineName: 'Mapped', pillsPerPack: 28 });
    const list = await me.api.get<{ mappings: GtinMapping[] }>('/api/gtin-mappings');
    expect(list.body.mappings.map((x) => x.gtin).sort()).toEqual([OTHER_GTIN, GTIN].sort());

    const other = await createUser(server, { timezone: 'UTC' });
    expect((await other.api.get<{ mappings: unknown[] }>('/api/gtin-mappings')).body.mappings).toEqual([]);
    expect((await other.api.get(`/api/medicine/${m.id}/packs`)).status).toBe(404);
    expect(
      (await other.api.put(`/api/gtin-mappings/${GTIN}`, { medicineId: m.id, pillsPerPack: 1 })).status,
    ).toBe(404);
    expect((await other.api.post(`/api/medicine/${m.id}/packs`, { gtin: GTIN, pills: 1 })).status).toBe(404);
    const read = await other.api.post<{ mapping: unknown; added: unknown }>('/api/packs/read', {
      code: code('S1'),
    });
    expect(read.body).toMatchObject({ mapping: null, added: null });
    // Another user's same serial is another pack.
    const theirs = await other.addMedicine({ name: 'Theirs', totalPills: 10 });
    expect(
      (await other.api.post(`/api/medicine/${theirs.id}/packs`, { code: code('S1'), pills: 30 })).status,
    ).toBe(201);

    // The export carries every pack (used-up ones too) and the product numbers named.
    const exported = await me.api.get<DataExport>(`/api/user/${me.email}/export`);
    expect(exported.body.packs?.map((p) => p.serial).filter(Boolean)).toEqual(['S1', 'S2']);
    // S1, S2 and the used-up EARLY pack; the LATE one was removed as a mistake.
    expect(exported.body.packs).toHaveLength(3);
    expect(exported.body.gtinMappings?.map((x) => [x.gtin, x.pillsPerPack]).sort()).toEqual([
      [OTHER_GTIN, 28],
      [GTIN, 30],
    ]);
    expect((await me.api.delete(`/api/gtin-mappings/${OTHER_GTIN}`)).status).toBe(200);
    expect((await me.api.delete(`/api/gtin-mappings/${OTHER_GTIN}`)).status).toBe(404);
  });
});

import type { DoctorReportView, Medicine, MonthAggregatesView } from '@medrem/contract';
import { zonedNow } from '@medrem/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SignedInUser, createMedicine, setTaken, signedInUser } from '../../support/scenario';
import { TEST_ENGINE } from '../../support/test-database';
import { type TestServer, startTestServer } from '../../support/test-server';
import { type FhirBundle, parseCsv, pdfText } from './report-files';

type Administration = { effectiveDateTime: string; dosage: { dose: { value: number } } };

const doctor = async (user: SignedInUser, from: string, to: string) => {
  const response = await user.api.get<DoctorReportView>(
    `/api/report/${user.email}/doctor?from=${from}&to=${to}`,
  );
  expect(response.status, response.text).toBe(200);
  return response.body;
};
const file = async (user: SignedInUser, format: string, from: string, to: string) => {
  const response = await user.api.get(`/api/report/${user.email}/doctor/${format}?from=${from}&to=${to}`);
  expect(response.status, response.text).toBe(200);
  return response;
};
const administrations = (bundle: FhirBundle) =>
  bundle.entry
    .map((e) => e.resource)
    .filter((r) => r.resourceType === 'MedicationAdministration') as unknown as Administration[];

/**
 * A taper of 8, 6 and 4 pills a dose for 3 days each (decision 186): every export counts each dose
 * at its step's pills, not the medicine's one pill a dose.
 */
describe(`a taper's pills in every export (${TEST_ENGINE})`, () => {
  let server: TestServer;
  let user: SignedInUser;
  let taper: Medicine;

  beforeAll(async () => {
    server = await startTestServer({ now: '2026-12-10T12:00:00.000Z' });
    user = await signedInUser(server, { timezone: 'Europe/Berlin' });
    taper = await createMedicine(user, {
      name: 'Prednisolone',
      dosage: '5 mg tablets',
      frequency: '1-0-0',
      startDate: '2026-12-01',
      totalPills: 54,
      pillsPerDose: 1,
      schedule: {
        kind: 'taper',
        steps: [
          { days: 3, dose: '40 mg', pillsPerDose: 8 },
          { days: 3, dose: '30 mg', pillsPerDose: 6 },
          { days: 3, dose: '20 mg', pillsPerDose: 4 },
        ],
      },
    });
    await setTaken(user, taper.id, '2026-12-01', '1-0-0');
    await setTaken(user, taper.id, '2026-12-04', '1-0-0');
  });
  afterAll(() => server?.close());

  it('stores the whole course as 54 pills', () => {
    expect(taper.originalTotalPills).toBe(54);
  });

  it('gives each dose its step’s pills and lists the steps', async () => {
    const [m] = (await doctor(user, '2026-12-01', '2026-12-09')).medicines;
    expect(m!.steps).toEqual([
      { from: '2026-12-01', to: '2026-12-03', dose: '40 mg', pillsPerDose: 8 },
      { from: '2026-12-04', to: '2026-12-06', dose: '30 mg', pillsPerDose: 6 },
      { from: '2026-12-07', to: '2026-12-09', dose: '20 mg', pillsPerDose: 4 },
    ]);
    const pills = Object.fromEntries(m!.days.map((d) => [d.date, d.doses[0]!.pillsPerDose]));
    expect(pills).toMatchObject({ '2026-12-01': 8, '2026-12-04': 6, '2026-12-07': 4 });
  });

  it('records 8 and 6 pills in FHIR, one dosage a step', async () => {
    const bundle = (await file(user, 'fhir', '2026-12-01', '2026-12-09')).body as FhirBundle;
    const given = administrations(bundle).map((a) => [a.effectiveDateTime, a.dosage.dose.value]);
    expect(given).toEqual([
      ['2026-12-01T08:00:00+01:00', 8],
      ['2026-12-04T08:00:00+01:00', 6],
    ]);
    const statement = bundle.entry.find((e) => e.resource.resourceType === 'MedicationStatement')!.resource;
    const dosage = statement.dosage as {
      sequence: number;
      doseAndRate: { doseQuantity: { value: number } }[];
    }[];
    expect(dosage.map((d) => [d.sequence, d.doseAndRate[0]!.doseQuantity.value])).toEqual([
      [1, 8],
      [2, 6],
      [3, 4],
    ]);
  });

  it('prints each step’s pills in the PDF and each dose’s in the CSV', async () => {
    const response = await fetch(
      `${server.baseUrl}/api/report/${user.email}/doctor/pdf?from=2026-12-01&to=2026-12-09`,
      { headers: { authorization: `Bearer ${user.api.token}` } },
    );
    const text = await pdfText(new Uint8Array(await response.arrayBuffer()));
    expect(text).toContain('2026-12-01 to 2026-12-03: 40 mg, 8 pills per dose');
    expect(text).not.toContain('1 per dose');
    const [header, ...rows] = parseCsv((await file(user, 'csv', '2026-12-01', '2026-12-09')).text);
    const column = header!.indexOf('pills_per_dose');
    const doses = rows.filter((r) => r[0] === 'dose' && r[9] === '1');
    expect(doses.map((r) => [r[4], r[column]])).toEqual([
      ['2026-12-01', '8'],
      ['2026-12-04', '6'],
    ]);
  });
});

/**
 * Berlin's clocks go back on 25 October 2026: 02:00–03:00 happens twice. A dose every 8 hours from
 * 19:30 on the 24th falls at 01:30 UTC, the second 02:30 (+01:00); the report must say so, not
 * re-read 02:30 as the first one (decision 188).
 */
describe(`an every-N-hours dose in the repeated hour (${TEST_ENGINE})`, () => {
  let server: TestServer;
  let user: SignedInUser;

  beforeAll(async () => {
    server = await startTestServer({ now: '2026-10-26T12:00:00.000Z' });
    user = await signedInUser(server, { timezone: 'Europe/Berlin' });
    const abx = await createMedicine(user, {
      name: 'Amoxicillin',
      frequency: '1',
      startDate: '2026-10-24',
      originalDurationDays: 3,
      schedule: { kind: 'interval', everyHours: 8, startTime: '19:30' },
    });
    await setTaken(user, abx.id, '2026-10-25', '1-0-0');
  });
  afterAll(() => server?.close());

  it('reports the dose at its own instant in the JSON and in FHIR', async () => {
    const [m] = (await doctor(user, '2026-10-25', '2026-10-25')).medicines;
    expect(m!.days[0]!.doses[0]).toMatchObject({ time: '02:30', at: '2026-10-25T02:30:00+01:00' });
    const bundle = (await file(user, 'fhir', '2026-10-25', '2026-10-25')).body as FhirBundle;
    expect(administrations(bundle).map((a) => a.effectiveDateTime)).toEqual(['2026-10-25T02:30:00+01:00']);
  });
});

/**
 * A medicine added late in the evening on its start date (decision 187): the day's doses before it
 * are not due, so not missed. The medicine's creation time is the database's own, so the server's
 * clock is the real one here, and the zone is chosen so that it is about 22:00 there now.
 */
describe(`no dose is due before the medicine was added (${TEST_ENGINE})`, () => {
  let server: TestServer;
  let user: SignedInUser;
  let today: string;

  beforeAll(async () => {
    const now = new Date();
    const offset = (((22 - now.getUTCHours()) % 24) + 24) % 24;
    const hours = offset > 14 ? offset - 24 : offset;
    // Etc/GMT-N is N hours ahead of UTC (POSIX signs).
    const timezone = hours === 0 ? 'UTC' : `Etc/GMT${hours > 0 ? '-' : '+'}${Math.abs(hours)}`;
    server = await startTestServer({ now: now.toISOString() });
    user = await signedInUser(server, { timezone });
    today = zonedNow(now, timezone).date;
    await createMedicine(user, { name: 'Metformin', frequency: '1-1-1', startDate: today });
  });
  afterAll(() => server?.close());

  it('counts none of the day’s 08:00, 14:00 and 20:00 doses as due or missed', async () => {
    const report = await doctor(user, today, today);
    expect(report.totals).toEqual({ due: 0, taken: 0, missed: null, skipped: 0, rate: null });
    expect(report.medicines[0]!.days).toEqual([]);
    const month = await user.api.get<MonthAggregatesView>(
      `/api/report/${user.email}/month?month=${today.slice(0, 7)}`,
    );
    expect(month.body.totals).toMatchObject({ due: 0, missed: null });
  });
});

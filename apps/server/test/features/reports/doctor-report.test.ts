import type { DoctorReportView, MonthAggregatesView } from '@medrem/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { aMedicine } from '../../support/api-client';
import {
  type SignedInUser,
  createMedicine,
  expectJsonError,
  exportSnapshot,
  setTaken,
  signedInUser,
} from '../../support/scenario';
import { TEST_ENGINE } from '../../support/test-database';
import { type TestServer, startTestServer } from '../../support/test-server';
import { type FhirBundle, fhirValidator, parseCsv, pdfText } from './report-files';

/**
 * Today is Tuesday 10 November 2026, 13:00 in Berlin (UTC+1); reminder times 08:00, 14:00, 20:00.
 * Four medicines: a daily one with a refill, a short one, a Monday-and-Thursday one and an
 * as-needed one, ticked over October and November, one tick where nothing was due.
 */
describe(`doctor's report (${TEST_ENGINE})`, () => {
  let server: TestServer;
  let user: SignedInUser;
  let other: SignedInUser;
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    server = await startTestServer({ now: '2026-11-10T12:00:00.000Z' });
    user = await signedInUser(server, { timezone: 'Europe/Berlin', name: 'Ada Lovelace' });
    const aspirin = await createMedicine(user, {
      name: 'Aspirin',
      dosage: '500mg',
      frequency: '1-0-1',
      startDate: '2026-10-20',
      durationDays: 30,
      originalDurationDays: 30,
    });
    const bisoprolol = await createMedicine(user, {
      name: 'Bisoprolol',
      dosage: '5 mg',
      frequency: '0-1-0',
      startDate: '2026-11-05',
      durationDays: 3,
      originalDurationDays: 3,
    });
    // A name a spreadsheet would run as a formula, and non-Latin text the PDF font cannot show.
    const weeklyFields = {
      name: '=HYPERLINK("http://evil.example")',
      dosage: 'Метформин, 850 mg',
      frequency: '1-0-0',
      startDate: '2026-10-01',
      durationDays: 90,
      originalDurationDays: 90,
    };
    // Saturdays too at first: the Saturday tick stays when the schedule drops Saturdays ("extra").
    const weekly = await createMedicine(user, {
      ...weeklyFields,
      schedule: { kind: 'weekdays', days: [1, 4, 6] },
    });
    await setTaken(user, weekly.id, '2026-10-10', '1-0-0'); // a Saturday
    const { userEmail: _email, ...fields } = aMedicine(user.email, weeklyFields);
    const edited = await user.api.put(`/api/medicine/${weekly.id}`, {
      ...fields,
      schedule: { kind: 'weekdays', days: [1, 4] },
    });
    expect(edited.status, edited.text).toBe(200);
    const painkiller = await createMedicine(user, {
      name: 'Ibuprofen',
      frequency: '1-0-0',
      startDate: '2026-10-01',
      originalDurationDays: 60,
      schedule: { kind: 'asNeeded', maxPer24h: 3, minIntervalMinutes: null },
    });
    Object.assign(ids, { aspirin: aspirin.id, bisoprolol: bisoprolol.id, weekly: weekly.id });
    await setTaken(user, aspirin.id, '2026-10-25', '1-0-1');
    await setTaken(user, aspirin.id, '2026-10-31', '1-0-1');
    await setTaken(user, aspirin.id, '2026-11-01', '1-0-1');
    await setTaken(user, aspirin.id, '2026-11-02', '1-0-0');
    await setTaken(user, aspirin.id, '2026-11-10', '1-0-0');
    await setTaken(user, bisoprolol.id, '2026-11-05', '0-1-0');
    await setTaken(user, bisoprolol.id, '2026-11-07', '0-1-0');
    await setTaken(user, weekly.id, '2026-10-05', '1-0-0'); // a Monday
    await setTaken(user, weekly.id, '2026-10-08', '1-0-0'); // a Thursday
    await setTaken(user, weekly.id, '2026-11-09', '1-0-0'); // a Monday
    expect((await user.api.post(`/api/medicine/${painkiller.id}/as-needed`, {})).status).toBe(201);
    expect((await user.api.patch(`/api/medicine/${aspirin.id}/refill`, { pills: 60 })).status).toBe(200);

    other = await signedInUser(server, { timezone: 'Europe/Berlin' });
    const theirs = await createMedicine(other, { startDate: '2026-10-01', frequency: '1-0-1' });
    await setTaken(other, theirs.id, '2026-11-03', '1-0-1');
  });
  afterAll(() => server?.close());

  const doctor = async (from: string, to: string) => {
    const response = await user.api.get<DoctorReportView>(
      `/api/report/${user.email}/doctor?from=${from}&to=${to}`,
    );
    expect(response.status, response.text).toBe(200);
    return response.body;
  };
  const month = async (m: string) => {
    const response = await user.api.get<MonthAggregatesView>(`/api/report/${user.email}/month?month=${m}`);
    expect(response.status, response.text).toBe(200);
    return response.body;
  };
  const download = (format: string, from = '2026-10-01', to = '2026-11-10') =>
    user.api.get(`/api/report/${user.email}/doctor/${format}?from=${from}&to=${to}`);

  describe('cross-checked against the monthly report', () => {
    it.each([
      ['a past month whole', '2026-10', '2026-10-01', '2026-10-31'],
      ['the current month up to now', '2026-11', '2026-11-01', '2026-11-10'],
    ])('%s: the same figures per medicine and overall', async (_label, m, from, to) => {
      const [byMonth, byRange] = await Promise.all([month(m), doctor(from, to)]);
      const pick = ({ medicineId, due, taken, rate }: { medicineId: string } & Record<string, unknown>) => ({
        medicineId,
        due,
        taken,
        rate,
      });
      expect(byRange.medicines.map(pick)).toEqual(byMonth.medicines.map(pick));
      expect(byRange.totals).toEqual(byMonth.totals);
    });

    it('adds up to the hand-counted figures', async () => {
      const october = await doctor('2026-10-01', '2026-10-31');
      const figures = Object.fromEntries(october.medicines.map((m) => [m.name, [m.due, m.taken, m.rate]]));
      // Aspirin 20–31 Oct: 12 days × 2; weekly: October is judged by the plan it had then
      // (decision 315): Mondays, Thursdays and Saturdays (4 + 5 + 5 = 14), 3 taken, the Saturday
      // tick among them: Saturdays were dropped only on 10 Nov. Ibuprofen is never due.
      expect(figures).toEqual({
        Aspirin: [24, 4, 17],
        Bisoprolol: [0, 0, null],
        '=HYPERLINK("http://evil.example")': [14, 3, 21],
        Ibuprofen: [0, 0, null],
      });
      expect(october.totals).toEqual({ due: 38, taken: 7, missed: 31, skipped: 0, rate: 18 });
    });
  });

  it('lists every dose as taken, missed or extra, at its time with Berlin’s offset', async () => {
    const report = await doctor('2026-10-01', '2026-11-10');
    const weekly = report.medicines.find((m) => m.medicineId === ids.weekly)!;
    expect(weekly).toMatchObject({ kind: 'weekdays', weekdays: [1, 4], times: ['08:00'] });
    expect(weekly.schedule).toBe('Mondays, Thursdays at 08:00');
    const day = (date: string) => weekly.days.find((d) => d.date === date)?.doses;
    expect(day('2026-10-05')).toEqual([
      {
        slot: 0,
        time: '08:00',
        taken: 1,
        pillsPerDose: 1,
        status: 'taken',
        at: '2026-10-05T08:00:00+02:00',
        takenAt: null,
        skip: null,
      },
    ]);
    // A Saturday: on the plan until Saturdays were dropped on 10 Nov (decision 315), so taken.
    expect(day('2026-10-10')).toEqual([
      {
        slot: 0,
        time: '08:00',
        taken: 1,
        pillsPerDose: 1,
        status: 'taken',
        at: '2026-10-10T08:00:00+02:00',
        takenAt: null,
        skip: null,
      },
    ]);
    expect(day('2026-11-05')).toEqual([
      {
        slot: 0,
        time: '08:00',
        taken: 0,
        pillsPerDose: 1,
        status: 'missed',
        at: '2026-11-05T08:00:00+01:00',
        takenAt: null,
        skip: null,
      },
    ]);
    expect(day('2026-10-06')).toBeUndefined(); // a Tuesday: nothing due, nothing taken
    const aspirin = report.medicines.find((m) => m.medicineId === ids.aspirin)!;
    // Today at 13:00: the 08:00 dose is due (taken), the 20:00 one is not yet.
    expect(aspirin.days.at(-1)).toEqual({
      date: '2026-11-10',
      doses: [
        {
          slot: 0,
          time: '08:00',
          taken: 1,
          pillsPerDose: 1,
          status: 'taken',
          at: '2026-11-10T08:00:00+01:00',
          // Recorded by the spec's whole-day write: which doses, not when (decision 191).
          takenAt: null,
          skip: null,
        },
      ],
    });
    expect(aspirin.refills).toEqual([{ at: '2026-11-10T13:00:00+01:00', pills: 60 }]);
    expect(report.medicines.find((m) => m.name === 'Ibuprofen')?.asNeeded).toEqual([
      { at: '2026-11-10T13:00:00+01:00', override: false },
    ]);
    expect(report.patient).toMatchObject({ name: 'Ada Lovelace', email: user.email });
    expect(report.generatedAt).toBe('2026-11-10T13:00:00+01:00');
  });

  it('downloads a CSV: one header, RFC 4180 quoting, formulas defused, the same figures', async () => {
    const response = await download('csv');
    expect(response.status, response.text).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/csv; charset=utf-8; header=present');
    expect(response.headers.get('content-disposition')).toBe(
      'attachment; filename="doctors-report-2026-10-01-to-2026-11-10.csv"',
    );
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(response.text.endsWith('\r\n')).toBe(true);
    const [header, ...rows] = parseCsv(response.text);
    expect(header).toEqual([
      'section',
      'medicine',
      'dosage',
      'schedule',
      'date',
      'slot',
      'time',
      'status',
      'due',
      'taken',
      'missed',
      'adherence_percent',
      'detail',
      'pills_per_dose',
      'taken_at',
      'skipped',
    ]);
    expect(rows.every((row) => row.length === header!.length)).toBe(true);
    const json = await doctor('2026-10-01', '2026-11-10');
    const summary = rows.filter((r) => r[0] === 'summary');
    expect(summary.map((r) => [r[1], r[8], r[9], r[10], r[11]])).toEqual([
      ...json.medicines.map((m) => [m.name.startsWith('=') ? `'${m.name}` : m.name, ...nums(m)]),
      ['All medicines', ...nums(json.totals)],
    ]);
    // The formula is text now: it starts with an apostrophe, its quotes doubled inside quotes.
    expect(response.text).toContain(`"'=HYPERLINK(""http://evil.example"")"`);
    expect(rows).toContainEqual([
      'dose',
      `'=HYPERLINK("http://evil.example")`,
      '',
      '',
      '2026-10-10',
      '1',
      '08:00',
      'taken',
      '',
      '1',
      '',
      '',
      '',
      '1',
      '',
      '',
    ]);
    expect(rows.filter((r) => r[0] === 'refill')).toEqual([
      ['refill', 'Aspirin', '', '', '2026-11-10', '', '13:00', '', '', '', '', '', '60 pills', '', '', ''],
    ]);
    const doses = json.medicines.reduce((n, m) => n + m.days.reduce((k, d) => k + d.doses.length, 0), 0);
    expect(rows.filter((r) => r[0] === 'dose')).toHaveLength(doses);
  });

  it('downloads a FHIR R4 Bundle that the official FHIR JSON schema accepts, with stable ids', async () => {
    const response = await download('fhir');
    expect(response.status, response.text).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/fhir+json; charset=utf-8');
    expect(response.headers.get('content-disposition')).toContain('.fhir.json"');
    const bundle = response.body as FhirBundle;
    const validate = await fhirValidator();
    expect(validate(bundle), JSON.stringify(validate.errors?.slice(0, 5))).toBe(true);

    expect(bundle).toMatchObject({ resourceType: 'Bundle', type: 'collection' });
    const of = (type: string) => bundle.entry.filter((e) => e.resource.resourceType === type);
    // The JSON schema types status as a bare `code`: the R4 value sets are checked here.
    const statuses = (type: string) => new Set(of(type).map((e) => e.resource.status));
    expect(statuses('MedicationAdministration')).toEqual(new Set(['completed']));
    for (const status of statuses('MedicationStatement')) {
      expect(['active', 'completed', 'intended']).toContain(status);
    }
    expect(of('Patient')).toHaveLength(1);
    expect(of('MedicationStatement')).toHaveLength(4);
    const json = await doctor('2026-10-01', '2026-11-10');
    const takenDoses = json.medicines.flatMap((m) =>
      m.days.flatMap((d) => d.doses.filter((x) => x.taken > 0)),
    );
    expect(of('MedicationAdministration')).toHaveLength(takenDoses.length + 1); // + the as-needed intake
    const weekly = of('MedicationStatement').find((e) =>
      String((e.resource.medicationCodeableConcept as { text: string }).text).startsWith('=HYPERLINK'),
    )!.resource;
    expect(weekly.dosage).toEqual([
      expect.objectContaining({
        text: 'Mondays, Thursdays at 08:00',
        timing: {
          repeat: {
            boundsPeriod: { start: '2026-10-01', end: '2026-12-29' },
            frequency: 1,
            period: 1,
            periodUnit: 'd',
            timeOfDay: ['08:00:00'],
            dayOfWeek: ['mon', 'thu'],
          },
        },
      }),
    ]);
    expect(of('MedicationAdministration').map((e) => e.resource.effectiveDateTime)).toContain(
      '2026-10-05T08:00:00+02:00',
    );
    // Every reference resolves inside the Bundle.
    const urls = new Set(bundle.entry.map((e) => e.fullUrl));
    const refs = JSON.stringify(bundle).match(/"reference":"[^"]+"/g) ?? [];
    for (const ref of refs) expect(urls.has(ref.slice(13, -1))).toBe(true);

    const again = (await download('fhir')).body as FhirBundle;
    expect(again.entry.map((e) => e.fullUrl)).toEqual(bundle.entry.map((e) => e.fullUrl));
    expect(again.id).toBe(bundle.id);
  });

  it('downloads a PDF whose text carries the medicines and the figures', async () => {
    const response = await fetch(
      `${server.baseUrl}/api/report/${user.email}/doctor/pdf?from=2026-10-01&to=2026-10-31`,
      {
        headers: { authorization: `Bearer ${user.api.token}` },
      },
    );
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/pdf');
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(response.headers.get('content-disposition')).toBe(
      'attachment; filename="doctors-report-2026-10-01-to-2026-10-31.pdf"',
    );
    const text = await pdfText(new Uint8Array(await response.arrayBuffer()));
    expect(text).toContain("Doctor's report");
    expect(text).toContain('Ada Lovelace');
    expect(text).toContain('Period: 2026-10-01 to 2026-10-31 (times in Europe/Berlin)');
    expect(text).toContain('All medicines: 18% (7 of 38 doses taken, 31 missed)');
    expect(text).toContain('Aspirin 500mg: 17% (4 of 24 doses taken, 20 missed)');
    expect(text).toContain('Schedule: Twice daily at 08:00, 20:00; 1 pill per dose');
    expect(text).toContain('2026-10-10 08:00 taken');
    // Cyrillic is in the embedded Noto Sans (issue 54): shown as typed, and no note of '?'.
    expect(text).toContain('=HYPERLINK("http://evil.example") Метформин, 850 mg: 21% (3 of 14 doses');
    expect(text).not.toContain('appear as');
  });

  describe('refusals', () => {
    it('refuses another user’s token (403) and no token (401), for the JSON and every file', async () => {
      const before = await exportSnapshot(user);
      for (const format of ['', '/pdf', '/csv', '/fhir']) {
        const path = `/api/report/${user.email}/doctor${format}?from=2026-10-01&to=2026-10-31`;
        const stolen = await other.api.get(path);
        expectJsonError(stolen, 403);
        expect(stolen.text).not.toContain('Aspirin');
        const anonymous = await fetch(`${server.baseUrl}${path}`);
        expect(anonymous.status).toBe(401);
      }
      expect(await exportSnapshot(user)).toEqual(before);
    });

    it.each([
      ['from after to', '?from=2026-11-01&to=2026-10-01', 'after the end'],
      ['more than 366 days', '?from=2025-10-01&to=2026-10-31', '366 days'],
      ['to after today', '?from=2026-11-01&to=2026-11-11', 'at the latest'],
      ['a malformed date', '?from=2026-1-01&to=2026-10-31', 'YYYY-MM-DD'],
      ['no dates', '', 'from'],
    ])('refuses %s with a clear 400, for every file too', async (_label, query, words) => {
      for (const format of ['', '/pdf', '/csv', '/fhir']) {
        const response = await user.api.get<{ message: string }>(
          `/api/report/${user.email}/doctor${format}${query}`,
        );
        expectJsonError(response, 400);
        expect(response.body.message).toContain(words);
      }
    });

    it('refuses an unknown format with a 400 that names the formats', async () => {
      const response = await download('xlsx');
      expectJsonError(response, 400);
      expect(response.text).toContain('pdf, csv, fhir');
    });
  });
});

function nums(count: { due: number; taken: number; missed: number | null; rate: number | null }) {
  return [count.due, count.taken, count.missed, count.rate].map((n) => (n === null ? '' : String(n)));
}

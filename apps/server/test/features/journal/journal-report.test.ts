import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SignedInUser, createMedicine, signedInUser } from '../../support/scenario';
import { TEST_ENGINE } from '../../support/test-database';
import { type TestServer, startTestServer } from '../../support/test-server';
import { SERIES_COLOURS, TARGET_FILL } from '../../../src/features/reports/render/doctor-report-pdf-chart';
import { type FhirBundle, fhirValidator, parseCsv, pdfFills, pdfText } from '../reports/report-files';

type Observation = {
  resourceType: string;
  code: { coding?: { system: string; code: string }[]; text?: string };
  component?: { code: { coding: { code: string }[] }; valueQuantity: { value: number; code: string } }[];
  valueQuantity?: { value: number; code?: string; system?: string; unit: string };
  valueInteger?: number;
  effectiveDateTime: string;
};

/**
 * Issue 56, decision 302: the doctor's report with the journal: readings and a week's min/mean/max
 * per chosen type, the symptoms; as FHIR Observations with LOINC codes and UCUM units (the Bundle
 * valid against the R4 JSON schema) and as CSV sections a sheet can pivot.
 */
describe(`the doctor's report with the journal (${TEST_ENGINE})`, () => {
  let server: TestServer;
  let ada: SignedInUser;
  const query =
    'from=2026-11-16&to=2026-11-21&measurements=blood-pressure,weight,blood-glucose,inr&symptoms=true';

  beforeAll(async () => {
    server = await startTestServer({ now: '2026-11-21T10:00:00.000Z' });
    ada = await signedInUser(server, { label: 'report-ada', timezone: 'Europe/Paris' });
    const medicine = await createMedicine(ada, { name: 'Lisinopril', startDate: '2026-11-01' });
    const post = async (path: string, body: unknown) => {
      const response = await ada.api.post(path, body);
      expect(response.status, response.text).toBe(201);
    };
    const bp = (at: string, systolic: number, diastolic: number, pulse?: number) =>
      post('/api/journal/measurements', {
        type: 'blood-pressure',
        values: { systolic, diastolic, ...(pulse ? { pulse } : {}) },
        unit: 'mm[Hg]',
        measuredAt: at,
      });
    await bp('2026-11-16T07:00:00Z', 150, 95, 70);
    await bp('2026-11-18T19:00:00Z', 140, 90);
    await bp('2026-11-20T07:00:00Z', 130, 85, 66);
    await post('/api/journal/measurements', {
      type: 'weight',
      values: { value: 154.3 },
      unit: '[lb_av]',
      measuredAt: '2026-11-20T07:05:00Z',
    });
    await ada.api.put('/api/journal/types/weight/preferences', { displayUnit: '[lb_av]', targets: [] });
    const target = await ada.api.put('/api/journal/types/blood-pressure/preferences', {
      displayUnit: 'mm[Hg]',
      targets: [{ component: 'systolic', low: 100, high: 135 }],
    });
    expect(target.status, target.text).toBe(200);
    await post('/api/journal/measurements', {
      type: 'blood-glucose',
      values: { value: 6.1 },
      unit: 'mmol/L',
      mealContext: 'fasting',
      measuredAt: '2026-11-19T06:30:00Z',
    });
    await post('/api/journal/symptoms', {
      symptom: 'Dizziness',
      severity: 3,
      occurredAt: '2026-11-19T09:00:00Z',
      medicineId: medicine.id,
    });
  });
  afterAll(() => server?.close());

  it('adds a week’s min/mean/max per type and the symptoms to the JSON report', async () => {
    const response = await ada.api.get(`/api/report/${ada.email}/doctor?${query}`);
    expect(response.status, response.text).toBe(200);
    const { measurements, symptoms } = response.body.journal;
    const pressure = measurements.find((m: { type: string }) => m.type === 'blood-pressure');
    expect(pressure.weeks).toEqual([
      {
        weekStart: '2026-11-16',
        count: 3,
        mean: { systolic: 140, diastolic: 90, pulse: 68 },
        min: { systolic: 130, diastolic: 85, pulse: 66 },
        max: { systolic: 150, diastolic: 95, pulse: 70 },
      },
    ]);
    expect(pressure.readings[0].at).toBe('2026-11-16T08:00:00+01:00');
    // The target band the PDF's chart shades (decision 347), in the display unit.
    expect(pressure.targets).toEqual([{ component: 'systolic', low: 100, high: 135 }]);
    expect(measurements.find((m: { type: string }) => m.type === 'inr').readings).toEqual([]);
    expect(symptoms).toEqual([
      {
        at: '2026-11-19T10:00:00+01:00',
        symptom: 'Dizziness',
        severity: 3,
        note: null,
        medicineName: 'Lisinopril',
      },
    ]);
    // Without the options the report is what it always was.
    const plain = await ada.api.get(`/api/report/${ada.email}/doctor?from=2026-11-16&to=2026-11-21`);
    expect(plain.body).not.toHaveProperty('journal');
  });

  it('exports Observations with LOINC codes and UCUM units in a Bundle valid against FHIR R4', async () => {
    const response = await ada.api.get(`/api/report/${ada.email}/doctor/fhir?${query}`);
    expect(response.status, response.text).toBe(200);
    const bundle = JSON.parse(response.text) as FhirBundle;
    const validate = await fhirValidator();
    expect(validate(bundle), JSON.stringify(validate.errors?.slice(0, 3))).toBe(true);
    const observations = bundle.entry
      .map((e) => e.resource)
      .filter((r) => r.resourceType === 'Observation') as unknown as Observation[];
    const coded = (code: string) => observations.filter((o) => o.code.coding?.[0]?.code === code);
    const panels = coded('85354-9');
    expect(panels).toHaveLength(3);
    expect(
      panels[0]!.component!.map((c) => [c.code.coding[0]!.code, c.valueQuantity.value, c.valueQuantity.code]),
    ).toEqual([
      ['8480-6', 150, 'mm[Hg]'],
      ['8462-4', 95, 'mm[Hg]'],
    ]);
    expect(coded('8867-4').map((o) => o.valueQuantity!.value)).toEqual([70, 66]);
    expect(coded('29463-7')[0]!.valueQuantity).toEqual({
      value: 154.3,
      unit: 'lb',
      system: 'http://unitsofmeasure.org',
      code: '[lb_av]',
    });
    expect(coded('2339-0')[0]!.valueQuantity).toMatchObject({ value: 6.1, code: 'mmol/L' });
    const symptom = observations.find((o) => o.code.text === 'Dizziness');
    expect(symptom?.valueInteger).toBe(3);
    // Exported twice, the same ids: a clinic importing both updates rather than duplicates.
    const again = JSON.parse(
      (await ada.api.get(`/api/report/${ada.email}/doctor/fhir?${query}`)).text,
    ) as FhirBundle;
    expect(again.entry.map((e) => e.fullUrl)).toEqual(bundle.entry.map((e) => e.fullUrl));
  });

  it('puts a sheet-friendly section per type in the CSV: a row per reading and component, a row per week', async () => {
    const response = await ada.api.get(`/api/report/${ada.email}/doctor/csv?${query}`);
    expect(response.status, response.text).toBe(200);
    const [header, ...rows] = parseCsv(response.text);
    const col = (name: string) => header!.indexOf(name);
    const section = (name: string) => rows.filter((r) => r[col('section')] === name);
    const readings = section('measurement').filter((r) => r[col('measurement')] === 'Blood pressure');
    expect(
      readings
        .slice(0, 3)
        .map((r) => [r[col('date')], r[col('time')], r[col('component')], r[col('value')], r[col('unit')]]),
    ).toEqual([
      ['2026-11-16', '08:00', 'systolic', '150', 'mm[Hg]'],
      ['2026-11-16', '08:00', 'diastolic', '95', 'mm[Hg]'],
      ['2026-11-16', '08:00', 'pulse', '70', '/min'],
    ]);
    const weeks = section('measurement-week').filter((r) => r[col('component')] === 'systolic');
    expect(
      weeks.map((r) => [r[col('date')], r[col('count')], r[col('min')], r[col('mean')], r[col('max')]]),
    ).toEqual([['2026-11-16', '3', '130', '140', '150']]);
    const weight = section('measurement').find((r) => r[col('measurement')] === 'Weight');
    expect([weight![col('value')], weight![col('unit')]]).toEqual(['154.3', '[lb_av]']);
    expect(
      section('symptom').map((r) => [r[col('measurement')], r[col('severity')], r[col('medicine')]]),
    ).toEqual([['Dizziness', '3', 'Lisinopril']]);
  });

  it('shows each chosen type’s weeks and the symptoms in the PDF', async () => {
    const response = await fetch(`${server.baseUrl}/api/report/${ada.email}/doctor/pdf?${query}`, {
      headers: { authorization: `Bearer ${ada.api.token}` },
    });
    expect(response.status).toBe(200);
    const pdf = new Uint8Array(await response.arrayBuffer());
    const text = await pdfText(pdf);
    expect(text).toContain('Blood pressure (mmHg)');
    // Beside each type's table its weekly chart (decision 347), drawn in vector shapes: the
    // systolic target shaded across the plot, a mean point per week and number (blood pressure's
    // three, weight's one, glucose's one; INR has no reading and no chart), and the legend.
    const fills = await pdfFills(pdf);
    const colour = (c: { red: number; green: number; blue: number }) =>
      `#${[c.red, c.green, c.blue]
        .map((v) =>
          Math.round(v * 255)
            .toString(16)
            .padStart(2, '0'),
        )
        .join('')}`;
    expect(fills.filter((f) => f.colour === colour(TARGET_FILL) && f.bounds[2]! > 100)).toHaveLength(1);
    const points = fills.filter(
      (f) => SERIES_COLOURS.map(colour).includes(f.colour) && f.bounds[2]! - f.bounds[0]! < 5,
    );
    expect(points).toHaveLength(5);
    expect(text).toContain('Target range');
    expect(text.match(/Line: the week’s mean; band: its lowest to highest\./g)).toHaveLength(3);
    expect(text).toContain('2026-11-16 3 130 / 140 / 150 85 / 90 / 95 66 / 68 / 70');
    expect(text).toContain('Weight (lb)');
    expect(text).toContain('2026-11-16 1 154.3 / 154.3 / 154.3');
    expect(text).toContain('2026-11-19 10:00 Dizziness, 3 of 5; suspected: Lisinopril');
  });

  it('refuses an unknown type in the list and an own type of someone else', async () => {
    const unknown = await ada.api.get(
      `/api/report/${ada.email}/doctor?from=2026-11-16&to=2026-11-21&measurements=mood`,
    );
    expect(unknown.status).toBe(400);
    const foreign = await ada.api.get(
      `/api/report/${ada.email}/doctor?from=2026-11-16&to=2026-11-21&measurements=3f2b8c1e-7a4d-4e29-9b6a-1c5d8e2f4a70`,
    );
    expect(foreign.status).toBe(404);
  });
});

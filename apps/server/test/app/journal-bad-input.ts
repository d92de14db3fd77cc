import { expect } from 'vitest';
import type { SignedInUser } from '../support/scenario';

/** The journal rows of a bad-input world (issue 56): what each valid journal request refers to. */
export interface JournalWorld {
  typeId: string;
  measurementId: string;
  symptomId: string;
  symptomNameId: string;
}

interface Baseline {
  params?: Record<string, string>;
  query?: Record<string, string>;
  body?: Record<string, unknown>;
  ok: number;
}
interface BadCase {
  label: string;
  params?: Record<string, string>;
  query?: Record<string, string>;
  patch?: Record<string, unknown>;
  body?: unknown;
  mentions?: string;
}
type Table = Record<string, { baseline: (w: { journal: JournalWorld }) => Baseline; cases: BadCase[] }>;

/**
 * Own type, reading, name, symptom, a mood on 2026-11-19 (deleted by the deleteMood baseline) and a
 * weight reminder (stopped by the deleteReminder baseline).
 */
export async function journalWorld(user: SignedInUser): Promise<JournalWorld> {
  const made = async (method: 'POST' | 'PUT', path: string, body: unknown) => {
    const response = await user.api.request(method, path, body);
    expect(response.status, response.text).toBeLessThan(300);
    return response.body;
  };
  const type = await made('POST', '/api/journal/types', {
    name: 'Waist',
    unit: 'cm',
    min: 30,
    max: 250,
    decimals: 1,
  });
  const reading = await made('POST', '/api/journal/measurements', READING);
  const name = await made('POST', '/api/journal/symptom-names', { name: 'Dry mouth' });
  const symptom = await made('POST', '/api/journal/symptoms', SYMPTOM);
  await made('PUT', '/api/journal/moods/2026-11-19', { mood: 3 });
  // A reminder to measure, which the deleteReminder baseline stops (decision 331).
  await made('PUT', '/api/journal/reminders/weight', { times: ['07:00'], days: [1] });
  return {
    typeId: type.type.type,
    measurementId: reading.measurement.id,
    symptomId: symptom.symptom.id,
    symptomNameId: name.name.id,
  };
}

const READING = {
  type: 'blood-pressure',
  values: { systolic: 128, diastolic: 82 },
  unit: 'mm[Hg]',
  measuredAt: '2026-11-21T08:00:00Z',
};
const SYMPTOM = { symptom: 'Dry mouth', severity: 2, occurredAt: '2026-11-21T08:00:00Z' };
const RANGE = { from: '2026-11-01', to: '2026-11-21' };
const RANGE_CASES: BadCase[] = [
  { label: 'from 2026/11/01', query: { ...RANGE, from: '2026/11/01' }, mentions: 'from' },
  { label: 'to missing', query: { from: RANGE.from }, mentions: 'to' },
  { label: 'a range of 367 days', query: { from: '2025-01-01', to: '2026-01-02' }, mentions: '366' },
  { label: 'patientId not a uuid', query: { ...RANGE, patientId: 'me' }, mentions: 'patientId' },
];
const READING_CASES: BadCase[] = [
  {
    label: 'systolic below diastolic',
    patch: { values: { systolic: 80, diastolic: 120 } },
    mentions: 'systolic',
  },
  { label: 'systolic 400', patch: { values: { systolic: 400, diastolic: 80 } }, mentions: 'between' },
  { label: 'values a list', patch: { values: [128, 82] }, mentions: 'values' },
  { label: 'a value as text', patch: { values: { systolic: '128', diastolic: 82 } }, mentions: 'number' },
  { label: 'unit kPa', patch: { unit: 'kPa' }, mentions: 'mmhg' },
  { label: 'measuredAt tomorrow', patch: { measuredAt: '2026-11-22T08:00:00Z' }, mentions: 'future' },
  { label: 'measuredAt not a time', patch: { measuredAt: 'this morning' }, mentions: 'measuredAt' },
  { label: 'a note of 501 characters', patch: { note: 'n'.repeat(501) }, mentions: '500' },
  { label: 'mealContext on blood pressure', patch: { mealContext: 'fasting' }, mentions: 'glucose' },
  { label: 'mealContext unknown', patch: { mealContext: 'brunch' }, mentions: 'mealContext' },
];
const TYPE_CASES: BadCase[] = [
  { label: 'min above max', patch: { min: 300, max: 30 }, mentions: 'above' },
  { label: 'decimals 4', patch: { decimals: 4 }, mentions: 'decimals' },
  { label: 'a name of 61 characters', patch: { name: 'n'.repeat(61) }, mentions: 'name' },
  { label: 'a unit of 21 characters', patch: { unit: 'u'.repeat(21) }, mentions: 'unit' },
  { label: 'a built-in name', patch: { name: 'Weight' }, mentions: 'built-in' },
  { label: 'max Infinity as text', patch: { max: 'Infinity' }, mentions: 'max' },
];
const SYMPTOM_CASES: BadCase[] = [
  { label: 'severity 6', patch: { severity: 6 }, mentions: 'severity' },
  { label: 'severity 2.5', patch: { severity: 2.5 }, mentions: 'severity' },
  { label: 'a symptom not in the list', patch: { symptom: 'Hiccups' }, mentions: 'list' },
  { label: 'medicineId not a uuid', patch: { medicineId: 'aspirin' }, mentions: 'medicineId' },
  { label: 'occurredAt tomorrow', patch: { occurredAt: '2026-11-22T08:00:00Z' }, mentions: 'future' },
];

/** Every journal call's valid request and what must be refused of it (bad-input.test.ts). */
export function journalBadInput(idParamCases: BadCase[]): Table {
  const { type: _type, ...readingFields } = READING;
  const typeBody = { name: 'Hips', unit: 'cm', min: 30, max: 250, decimals: 1 };
  return {
    'journal.types': {
      baseline: () => ({ ok: 200 }),
      cases: [{ label: 'patientId not a uuid', query: { patientId: '1' }, mentions: 'patientId' }],
    },
    'journal.createType': { baseline: () => ({ body: typeBody, ok: 201 }), cases: TYPE_CASES },
    'journal.updateType': {
      baseline: (w) => ({ params: { id: w.journal.typeId }, body: { ...typeBody, name: 'Waist' }, ok: 200 }),
      cases: [...idParamCases, ...TYPE_CASES],
    },
    'journal.deleteType': {
      baseline: (w) => ({ params: { id: w.journal.typeId }, ok: 200 }),
      cases: idParamCases,
    },
    'journal.setPreferences': {
      baseline: () => ({
        params: { type: 'blood-glucose' },
        body: { displayUnit: 'mg/dL', targets: [{ component: 'value', low: 4, high: 7 }] },
        ok: 200,
      }),
      cases: [
        { label: 'type unknown', params: { type: 'cholesterol' }, mentions: 'type' },
        { label: 'a unit of another type', patch: { displayUnit: 'kg' }, mentions: 'shown in' },
        {
          label: 'low above high',
          patch: { targets: [{ component: 'value', low: 9, high: 7 }] },
          mentions: 'below',
        },
        {
          label: 'a target beyond limits',
          patch: { targets: [{ component: 'value', low: 0, high: 7 }] },
          mentions: 'between',
        },
        {
          label: 'a component it lacks',
          patch: { targets: [{ component: 'pulse', low: 1, high: 7 }] },
          mentions: 'no value',
        },
        {
          label: 'four targets',
          patch: { targets: Array(4).fill({ component: 'value', low: 4, high: 7 }) },
          mentions: 'target',
        },
      ],
    },
    'journal.measurements': {
      baseline: () => ({ query: { ...RANGE, type: 'weight' }, ok: 200 }),
      cases: [...RANGE_CASES, { label: 'type unknown', query: { ...RANGE, type: 'mood' }, mentions: 'type' }],
    },
    'journal.createMeasurement': {
      baseline: () => ({ body: READING, ok: 201 }),
      cases: [
        ...READING_CASES,
        { label: 'idempotencyKey of 4', patch: { idempotencyKey: 'abcd' }, mentions: 'idempotencyKey' },
      ],
    },
    'journal.updateMeasurement': {
      baseline: (w) => ({ params: { id: w.journal.measurementId }, body: readingFields, ok: 200 }),
      cases: [...idParamCases, ...READING_CASES],
    },
    'journal.deleteMeasurement': {
      baseline: (w) => ({ params: { id: w.journal.measurementId }, ok: 200 }),
      cases: idParamCases,
    },
    'journal.series': {
      baseline: () => ({ query: { ...RANGE, type: 'blood-pressure' }, ok: 200 }),
      cases: [
        ...RANGE_CASES.map((c) => ({ ...c, query: { type: 'weight', ...c.query } })),
        { label: 'no type', query: RANGE, mentions: 'type' },
        {
          label: 'medicineId not a uuid',
          query: { ...RANGE, type: 'weight', medicineId: 'x' },
          mentions: 'medicineId',
        },
      ],
    },
    'journal.symptomNames': { baseline: () => ({ ok: 200 }), cases: [] },
    'journal.addSymptomName': {
      baseline: () => ({ body: { name: 'Hiccups' }, ok: 201 }),
      cases: [
        { label: 'a blank name', patch: { name: '  ' }, mentions: 'symptom' },
        { label: 'a name of 61 characters', patch: { name: 's'.repeat(61) }, mentions: 'symptom' },
      ],
    },
    'journal.deleteSymptomName': {
      baseline: (w) => ({ params: { id: w.journal.symptomNameId }, ok: 200 }),
      cases: idParamCases,
    },
    'journal.symptoms': { baseline: () => ({ query: RANGE, ok: 200 }), cases: RANGE_CASES },
    'journal.createSymptom': { baseline: () => ({ body: SYMPTOM, ok: 201 }), cases: SYMPTOM_CASES },
    'journal.updateSymptom': {
      baseline: (w) => ({ params: { id: w.journal.symptomId }, body: { ...SYMPTOM, severity: 4 }, ok: 200 }),
      cases: [...idParamCases, ...SYMPTOM_CASES],
    },
    'journal.deleteSymptom': {
      baseline: (w) => ({ params: { id: w.journal.symptomId }, ok: 200 }),
      cases: idParamCases,
    },
    'journal.moods': { baseline: () => ({ query: RANGE, ok: 200 }), cases: RANGE_CASES },
    'journal.setMood': {
      baseline: () => ({ params: { date: '2026-11-20' }, body: { mood: 4 }, ok: 200 }),
      cases: [
        { label: 'mood 0', patch: { mood: 0 }, mentions: 'mood' },
        { label: 'mood "good"', patch: { mood: 'good' }, mentions: 'mood' },
        { label: 'a day after today', params: { date: '2026-11-22' }, mentions: '2026-11-22' },
        { label: 'date 2026-02-30', params: { date: '2026-02-30' }, mentions: 'date' },
      ],
    },
    'journal.deleteMood': {
      baseline: () => ({ params: { date: '2026-11-19' }, ok: 200 }),
      cases: [{ label: 'date 19-11-2026', params: { date: '19-11-2026' }, mentions: 'date' }],
    },
    // Decision 331: measurement reminders.
    'journal.reminders': { baseline: () => ({ ok: 200 }), cases: [] },
    'journal.setReminder': {
      baseline: () => ({
        params: { type: 'blood-pressure' },
        body: { times: ['07:30', '21:00'], days: null },
        ok: 200,
      }),
      cases: [
        { label: 'times out of order', patch: { times: ['21:00', '07:30'] }, mentions: 'earliest first' },
        { label: 'no time', patch: { times: [] }, mentions: 'at least one time' },
        { label: 'a time of 25:00', patch: { times: ['25:00'] }, mentions: 'not a time' },
        {
          label: 'nine times',
          patch: { times: Array.from({ length: 9 }, (_, i) => `0${i}:00`) },
          mentions: '8',
        },
        { label: 'no weekday', patch: { days: [] }, mentions: 'day of the week' },
        { label: 'weekday 7', patch: { days: [7] }, mentions: 'weekday' },
        { label: 'a weekday twice', patch: { days: [1, 1] }, mentions: 'once' },
        { label: 'type kPa', params: { type: 'kPa' }, mentions: 'type' },
      ],
    },
    'journal.deleteReminder': {
      baseline: () => ({ params: { type: 'weight' }, ok: 200 }),
      cases: [{ label: 'type not a kind', params: { type: 'pressure' }, mentions: 'type' }],
    },
  };
}

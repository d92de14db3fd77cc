import { DEFAULT_CARE_PERMISSIONS } from '@medrem/contract';
import { DEFAULT_SYMPTOMS } from '@medrem/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SignedInUser, createMedicine, signedInUser } from '../../support/scenario';
import { TEST_ENGINE } from '../../support/test-database';
import { type TestServer, startTestServer } from '../../support/test-server';
import { createToken } from '../access-tokens/token-support';

const RANGE = 'from=2026-11-01&to=2026-11-21';

/**
 * Issue 56: symptoms from the person's own list, a medicine suspected of one, the daily mood; a
 * caregiver reads the journal, sees the medicine only with the medicine permission, and writes
 * nothing; a personal token needs journal:write to write and never reads someone else's journal.
 */
describe(`journal symptoms, mood and who may read them (${TEST_ENGINE})`, () => {
  let server: TestServer;
  let patient: SignedInUser;
  let carer: SignedInUser;
  let stranger: SignedInUser;
  let medicineId: string;

  beforeAll(async () => {
    server = await startTestServer({ now: '2026-11-21T10:00:00.000Z' });
    patient = await signedInUser(server, { label: 'symptom-patient', timezone: 'UTC' });
    carer = await signedInUser(server, { label: 'symptom-carer' });
    stranger = await signedInUser(server, { label: 'symptom-stranger' });
    medicineId = (await createMedicine(patient, { name: 'Lisinopril', startDate: '2026-11-01' })).id;
    const invited = await patient.api.post(`/api/care/${patient.email}/invitations`, {
      email: carer.email,
      permissions: { ...DEFAULT_CARE_PERMISSIONS, canSeeMedicines: false },
    });
    expect(invited.status, invited.text).toBe(201);
    const accepted = await carer.api.post('/api/care/invitation/accept', { token: invited.body.token });
    expect(accepted.status, accepted.text).toBe(200);
  });
  afterAll(() => server?.close());

  it('takes a symptom only from the list, spelled as the list spells it, with a suspected medicine', async () => {
    const unknown = await patient.api.post('/api/journal/symptoms', {
      symptom: 'Dry mouth',
      severity: 2,
      occurredAt: '2026-11-21T08:00:00Z',
    });
    expect(unknown.status).toBe(400);
    expect(unknown.text).toMatch(/not in your symptom list/);

    const added = await patient.api.post('/api/journal/symptom-names', { name: 'Dry mouth' });
    expect(added.status, added.text).toBe(201);
    expect((await patient.api.post('/api/journal/symptom-names', { name: 'dry MOUTH' })).status).toBe(409);
    expect((await patient.api.post('/api/journal/symptom-names', { name: 'headache' })).status).toBe(409);

    const names = await patient.api.get('/api/journal/symptom-names');
    expect(names.body.names.length).toBe(DEFAULT_SYMPTOMS.length + 1);
    expect(names.body.names.at(-1)).toEqual({ id: added.body.name.id, name: 'Dry mouth' });

    const felt = await patient.api.post('/api/journal/symptoms', {
      symptom: 'dizziness',
      severity: 3,
      occurredAt: '2026-11-21T08:00:00Z',
      note: 'On standing up',
      medicineId,
      idempotencyKey: 'symptom-key-0001',
    });
    expect(felt.status, felt.text).toBe(201);
    expect(felt.body.symptom).toMatchObject({
      symptom: 'Dizziness',
      severity: 3,
      medicineId,
      medicineName: 'Lisinopril',
    });
  });

  it.each([
    ['a severity of 6', { severity: 6 }, /at most 5/],
    ['a severity of 0', { severity: 0 }, /at least 1/],
    ['a time an hour ahead', { occurredAt: '2026-11-21T11:00:00Z' }, /future/],
    ['an oversized note', { note: 'n'.repeat(501) }, /at most 500/],
    ['a tab in the symptom', { symptom: 'Head\tache' }, /control characters/],
  ])('refuses %s with 400 and stores nothing', async (_label, change, message) => {
    const before = await patient.api.get(`/api/journal/symptoms?${RANGE}`);
    const body = { symptom: 'Nausea', severity: 2, occurredAt: '2026-11-21T09:00:00Z', ...change };
    const response = await patient.api.post('/api/journal/symptoms', body);
    expect(response.status, response.text).toBe(400);
    expect(response.text).toMatch(message);
    expect((await patient.api.get(`/api/journal/symptoms?${RANGE}`)).body).toEqual(before.body);
  });

  it('refuses another person’s medicine as the suspect (404) and another’s entry', async () => {
    const foreign = await stranger.api.post('/api/journal/symptoms', {
      symptom: 'Nausea',
      severity: 2,
      occurredAt: '2026-11-21T09:00:00Z',
      medicineId,
    });
    expect(foreign.status).toBe(404);
    const [entry] = (await patient.api.get(`/api/journal/symptoms?${RANGE}`)).body.symptoms;
    expect((await stranger.api.delete(`/api/journal/symptoms/${entry.id}`)).status).toBe(404);
    const changed = await stranger.api.put(`/api/journal/symptoms/${entry.id}`, {
      symptom: 'Nausea',
      severity: 1,
      occurredAt: '2026-11-21T09:00:00Z',
    });
    expect(changed.status).toBe(404);
    expect((await patient.api.get(`/api/journal/symptoms?${RANGE}`)).body.symptoms[0]).toEqual(entry);
  });

  it('keeps one mood per day: a second call replaces it; a day after today is refused', async () => {
    expect((await patient.api.put('/api/journal/moods/2026-11-20', { mood: 2 })).status).toBe(200);
    const replaced = await patient.api.put('/api/journal/moods/2026-11-20', { mood: 4, note: 'Better' });
    expect(replaced.body.mood).toMatchObject({ date: '2026-11-20', mood: 4, note: 'Better' });
    expect((await patient.api.put('/api/journal/moods/2026-11-22', { mood: 3 })).status).toBe(400);
    expect((await patient.api.put('/api/journal/moods/2026-11-21', { mood: 6 })).status).toBe(400);
    const moods = await patient.api.get(`/api/journal/moods?${RANGE}`);
    expect(moods.body.moods.map((m: { date: string; mood: number }) => [m.date, m.mood])).toEqual([
      ['2026-11-20', 4],
    ]);
  });

  it('lets a caregiver read the journal without the medicine they may not see, and write none of it', async () => {
    const symptoms = await carer.api.get(`/api/journal/symptoms?${RANGE}&patientId=${patient.id}`);
    expect(symptoms.status, symptoms.text).toBe(200);
    expect(symptoms.body.symptoms[0]).toMatchObject({
      symptom: 'Dizziness',
      medicineId: null,
      medicineName: null,
    });
    const moods = await carer.api.get(`/api/journal/moods?${RANGE}&patientId=${patient.id}`);
    expect(moods.body.moods).toHaveLength(1);
    const series = await carer.api.get(
      `/api/journal/series?type=weight&from=2026-11-01&to=2026-11-21&patientId=${patient.id}&medicineId=${medicineId}`,
    );
    expect(series.status).toBe(404);
    // Not a caregiver: the same 404 as an unknown person.
    const nosy = await stranger.api.get(`/api/journal/symptoms?${RANGE}&patientId=${patient.id}`);
    expect(nosy.status).toBe(404);
    // Writes always go to the caller's own journal: the carer's mood is the carer's.
    expect((await carer.api.put('/api/journal/moods/2026-11-21', { mood: 1 })).status).toBe(200);
    expect((await patient.api.get(`/api/journal/moods?${RANGE}`)).body.moods).toHaveLength(1);
  });

  it('needs journal:write for a token’s writes and refuses a token reading another person’s journal', async () => {
    const reader = await createToken(server, patient, ['read', 'doses:write']);
    const write = await reader.api.put('/api/journal/moods/2026-11-19', { mood: 3 });
    expect(write.status).toBe(403);
    expect(write.text).toContain('journal:write');
    expect((await reader.api.get(`/api/journal/moods?${RANGE}`)).status).toBe(200);
    const writer = await createToken(server, patient, ['journal:write']);
    expect((await writer.api.put('/api/journal/moods/2026-11-19', { mood: 3 })).status).toBe(200);

    const carerToken = await createToken(server, carer, ['read']);
    const viaToken = await carerToken.api.get(`/api/journal/moods?${RANGE}&patientId=${patient.id}`);
    expect(viaToken.status).toBe(403);
  });

  it('puts the whole journal in the account export', async () => {
    const response = await patient.api.get(`/api/user/${patient.email}/export`);
    expect(response.status, response.text).toBe(200);
    const { journal } = response.body;
    expect(journal.symptomNames).toEqual(['Dry mouth']);
    expect(journal.symptoms.map((s: { symptom: string }) => s.symptom)).toEqual(['Dizziness']);
    expect(journal.symptoms[0].medicineName).toBe('Lisinopril');
    expect(journal.moods.map((m: { date: string }) => m.date)).toEqual(['2026-11-19', '2026-11-20']);
    expect(journal).toMatchObject({ measurements: [], customTypes: [], preferences: [] });
  });
});

import { DEFAULT_CARE_PERMISSIONS } from '@medrem/contract';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { reminderSchedule } from '../../../src/db/schema';
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

const FULL = { ...DEFAULT_CARE_PERMISSIONS, canSeeMedicines: true, refillAlerts: true };

describe(`care circle: invitations, permissions, removal (${TEST_ENGINE})`, () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ now: '2026-11-21T10:00:00.000Z' });
  });
  afterAll(() => server.close());

  /** A patient with one medicine (morning and evening) and a caregiver-to-be with an account. */
  async function pair(label: string) {
    const patient = await signedInUser(server, { label: `${label}-patient`, name: `Patient ${label}` });
    const carer = await signedInUser(server, { label: `${label}-carer`, name: `Carer ${label}` });
    const medicine = await createMedicine(patient, {
      name: 'Metformin',
      dosage: '850mg',
      frequency: '1-0-1',
    });
    return { patient, carer, medicineId: medicine.id };
  }

  async function invite(patient: SignedInUser, email: string, permissions = DEFAULT_CARE_PERMISSIONS) {
    const response = await patient.api.post(`/api/care/${patient.email}/invitations`, { email, permissions });
    expect(response.status, response.text).toBe(201);
    return response.body as { invitation: { id: string; expiresAt: string }; token: string };
  }

  const accept = (user: SignedInUser, token: string) =>
    user.api.post('/api/care/invitation/accept', { token });
  const patientsOf = async (user: SignedInUser) => {
    const response = await user.api.get(`/api/care/${user.email}/patients`);
    expect(response.status, response.text).toBe(200);
    return response.body.patients as {
      patientId: string;
      name: string;
      medicines: unknown[] | null;
      today: { due: number; taken: number; slots: { slot: number; status: string }[] };
    }[];
  };
  const careRows = async (userId: string) =>
    (await server.database.handle.db.select().from(reminderSchedule)).filter(
      (r) => r.userId === userId && r.kind === 'care',
    );

  it('invites by a link that names the patient, accepts once, and shows today’s status, adherence only', async () => {
    const { patient, carer, medicineId } = await pair('accept');
    await setTaken(patient, medicineId, '2026-11-21', '1-0-0');
    const { invitation, token } = await invite(patient, carer.email.toUpperCase());
    expect(invitation.expiresAt).toBe('2026-11-28T10:00:00.000Z');
    expect(token).toMatch(/^v1\.[0-9a-f-]{36}\.\d+\.[A-Za-z0-9_-]+$/);

    const circle = await patient.api.get(`/api/care/${patient.email}/caregivers`);
    expect(circle.body).toMatchObject({
      caregivers: [],
      invitations: [{ id: invitation.id, email: carer.email }],
    });

    const preview = await carer.api.post('/api/care/invitation/preview', { token });
    expect(preview.status, preview.text).toBe(200);
    expect(preview.body).toEqual({
      patientName: patient.name,
      email: carer.email,
      expiresAt: invitation.expiresAt,
    });

    const accepted = await accept(carer, token);
    expect(accepted.status, accepted.text).toBe(200);
    expect(accepted.body).toEqual({ patientId: patient.id, patientName: patient.name });
    expect(await careRows(patient.id)).toHaveLength(2); // one per dose slot the medicine uses

    const [person, ...others] = await patientsOf(carer);
    expect(others).toEqual([]);
    expect(person).toMatchObject({
      patientId: patient.id,
      name: patient.name,
      canSeeMedicines: false,
      medicines: null,
    });
    expect(person!.today).toMatchObject({ date: '2026-11-21', due: 1, taken: 1 });
    expect(person!.today.slots.map((s) => [s.slot, s.status])).toEqual([
      [0, 'taken'],
      [2, 'upcoming'],
    ]);
    // The caregiver's own world is unchanged: they care for someone, nobody cares for them.
    expect((await carer.api.get(`/api/care/${carer.email}/caregivers`)).body).toEqual({
      caregivers: [],
      invitations: [],
    });
    const after = await patient.api.get(`/api/care/${patient.email}/caregivers`);
    expect(after.body).toMatchObject({
      caregivers: [{ caregiverId: carer.id, name: carer.name, permissions: DEFAULT_CARE_PERMISSIONS }],
      invitations: [],
    });
  });

  it('refuses a reused link, and two accepts at once make one link', async () => {
    const { patient, carer } = await pair('reuse');
    const { token } = await invite(patient, carer.email);
    const [first, second] = await Promise.all([accept(carer, token), accept(carer, token)]);
    expect([first.status, second.status].sort()).toEqual([200, 409]);
    const again = await accept(carer, token);
    expect(again.status).toBe(409);
    expectJsonError(again, 409);
    expect(again.body.message).toContain('already used');
    expect((await patientsOf(carer)).map((p) => p.patientId)).toEqual([patient.id]);
  });

  it('refuses the wrong account (403) and leaves the link usable by the invited one', async () => {
    const { patient, carer } = await pair('wrong');
    const stranger = await signedInUser(server, { label: 'wrong-stranger' });
    const { token } = await invite(patient, carer.email);
    for (const path of ['/api/care/invitation/preview', '/api/care/invitation/accept']) {
      const refused = await stranger.api.post(path, { token });
      expect(refused.status, refused.text).toBe(403);
      expect(refused.body.message).toContain(carer.email);
    }
    expect(await patientsOf(stranger)).toEqual([]);
    expect((await accept(carer, token)).status).toBe(200);
  });

  it('refuses an expired link (409) and changes nothing', async () => {
    const { patient, carer } = await pair('expired');
    const { token } = await invite(patient, carer.email);
    server.clock.advance(7 * 86_400_000 + 1000);
    try {
      await carer.api.refreshToken(carer.email);
      const refused = await accept(carer, token);
      expect(refused.status, refused.text).toBe(409);
      expect(refused.body.message).toContain('expired');
      expect(await patientsOf(carer)).toEqual([]);
      await patient.api.refreshToken(patient.email);
      const circle = await patient.api.get(`/api/care/${patient.email}/caregivers`);
      expect(circle.body).toEqual({ caregivers: [], invitations: [] });
    } finally {
      server.clock.set('2026-11-21T10:00:00.000Z');
      await carer.api.refreshToken(carer.email);
      await patient.api.refreshToken(patient.email);
    }
  });

  it('refuses forged, altered and withdrawn links (404) and bad input (400)', async () => {
    const { patient, carer } = await pair('forged');
    const { invitation, token } = await invite(patient, carer.email);
    const [v, id, expiry, mac] = token.split('.');
    const forged = [
      `${v}.${id}.${Number(expiry) + 86_400}.${mac}`, // a later expiry, same signature
      `${v}.${randomUUID()}.${expiry}.${mac}`,
      `${v}.${id}.${expiry}.${'A'.repeat(mac!.length)}`,
    ];
    for (const bad of forged) {
      const refused = await accept(carer, bad);
      expect(refused.status, bad).toBe(404);
      expect(refused.body.message).toContain('not valid');
    }
    for (const body of [{}, { token: 'short' }, { token: `${token}<script>` }, { token: 42 }]) {
      expect((await carer.api.post('/api/care/invitation/accept', body)).status, JSON.stringify(body)).toBe(
        400,
      );
    }
    const invitePath = `/api/care/${patient.email}/invitations`;
    const badInvites = [
      { email: 'nope', permissions: DEFAULT_CARE_PERMISSIONS },
      { email: carer.email, permissions: { ...DEFAULT_CARE_PERMISSIONS, missedDelayMinutes: 5 } },
      { email: carer.email, permissions: { ...DEFAULT_CARE_PERMISSIONS, missedDelayMinutes: 721 } },
      { email: carer.email, permissions: { ...DEFAULT_CARE_PERMISSIONS, canSeeMedicines: 'yes' } },
      { email: carer.email },
      { email: patient.email, permissions: DEFAULT_CARE_PERMISSIONS },
    ];
    for (const body of badInvites) {
      const refused = await patient.api.post(invitePath, body);
      expect(refused.status, JSON.stringify(body)).toBe(400);
      expectJsonError(refused, 400);
    }
    const withdrawn = await patient.api.delete(`/api/care/${patient.email}/invitations/${invitation.id}`);
    expect(withdrawn.status, withdrawn.text).toBe(200);
    expect((await accept(carer, token)).status).toBe(404);
    expect((await patient.api.delete(`/api/care/${patient.email}/invitations/${invitation.id}`)).status).toBe(
      404,
    );
    expect(await patientsOf(carer)).toEqual([]);
  });

  it('lets the patient choose what a caregiver sees; the medicine list is not sent without permission', async () => {
    const { patient, carer } = await pair('perms');
    const { token } = await invite(patient, carer.email, FULL);
    expect((await accept(carer, token)).status).toBe(200);
    expect((await patientsOf(carer))[0]!.medicines).toEqual([
      { name: 'Metformin', dosage: '850mg', due: 1, taken: 0, asNeeded: null },
    ]);
    // An existing caregiver cannot be invited again.
    const twice = await patient.api.post(`/api/care/${patient.email}/invitations`, {
      email: carer.email,
      permissions: FULL,
    });
    expect(twice.status).toBe(409);

    const narrowed = await patient.api.put(`/api/care/${patient.email}/caregivers/${carer.id}`, {
      permissions: { ...FULL, canSeeMedicines: false, missedDelayMinutes: 120 },
    });
    expect(narrowed.status, narrowed.text).toBe(200);
    expect(narrowed.body.caregiver.permissions).toMatchObject({
      canSeeMedicines: false,
      missedDelayMinutes: 120,
    });
    const seen = await carer.api.get(`/api/care/${carer.email}/patients`);
    expect(seen.body.patients[0].medicines).toBeNull();
    expect(seen.text).not.toContain('Metformin');
    expect((await careRows(patient.id)).map((r) => r.offsetMinutes)).toEqual([180, 180]);

    const unknown = await patient.api.put(`/api/care/${patient.email}/caregivers/${randomUUID()}`, {
      permissions: FULL,
    });
    expect(unknown.status).toBe(404);
  });

  it('never lets a caregiver change, or read beyond the care view, the patient’s data', async () => {
    const { patient, carer, medicineId } = await pair('readonly');
    const { token } = await invite(patient, carer.email, FULL);
    expect((await accept(carer, token)).status).toBe(200);
    const before = await exportSnapshot(patient);
    const attempts = [
      carer.api.put(`/api/medicine/${medicineId}/taken`, { date: '2026-11-21', taken: '1-0-1' }),
      carer.api.put(`/api/medicine/${medicineId}/dose`, { date: '2026-11-21', slot: 0, taken: true }),
      carer.api.get(`/api/medicine/${medicineId}`),
      carer.api.get(`/api/medicine/user/${patient.email}`),
      carer.api.get(`/api/user/${patient.email}/settings`),
      carer.api.get(`/api/report/${patient.email}/month`),
      carer.api.get(`/api/care/${patient.email}/patients`),
      carer.api.get(`/api/care/${patient.email}/caregivers`),
      carer.api.put(`/api/care/${patient.email}/caregivers/${carer.id}`, {
        permissions: DEFAULT_CARE_PERMISSIONS,
      }),
      carer.api.delete(`/api/care/${patient.email}/caregivers/${carer.id}`),
      carer.api.post(`/api/care/${patient.email}/invitations`, { email: 'x@example.com', permissions: FULL }),
    ];
    for (const response of await Promise.all(attempts)) {
      expect([403, 404], response.text).toContain(response.status);
    }
    expect(JSON.stringify(await exportSnapshot(patient))).toBe(JSON.stringify(before));
  });

  it('removal by the patient takes effect at once: no view, no alert rows, leave answers 404', async () => {
    const { patient, carer } = await pair('remove');
    const { token } = await invite(patient, carer.email);
    expect((await accept(carer, token)).status).toBe(200);
    expect(await careRows(patient.id)).toHaveLength(2);
    const removed = await patient.api.delete(`/api/care/${patient.email}/caregivers/${carer.id}`);
    expect(removed.status, removed.text).toBe(200);
    expect(await patientsOf(carer)).toEqual([]);
    expect(await careRows(patient.id)).toEqual([]);
    expect((await carer.api.delete(`/api/care/${carer.email}/patients/${patient.id}`)).status).toBe(404);
    expect((await patient.api.delete(`/api/care/${patient.email}/caregivers/${carer.id}`)).status).toBe(404);
  });

  it('a caregiver can leave at once; the patient’s circle no longer lists them', async () => {
    const { patient, carer } = await pair('leave');
    const { token } = await invite(patient, carer.email);
    expect((await accept(carer, token)).status).toBe(200);
    const left = await carer.api.delete(`/api/care/${carer.email}/patients/${patient.id}`);
    expect(left.status, left.text).toBe(200);
    expect(await patientsOf(carer)).toEqual([]);
    expect((await patient.api.get(`/api/care/${patient.email}/caregivers`)).body.caregivers).toEqual([]);
    expect(await careRows(patient.id)).toEqual([]);
    // The used link does not bring them back.
    expect((await accept(carer, token)).status).toBe(409);
  });
});

import { DEFAULT_CARE_PERMISSIONS } from '@medrem/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient } from '../../support/api-client';
import { mailedLink } from '../../support/outbox-links';
import { DEFAULT_PASSWORD, type SignedInUser, signedInUser, uniqueEmail } from '../../support/scenario';
import { SmtpCatcher } from '../../support/smtp-catcher';
import { TEST_ENGINE } from '../../support/test-database';
import { type TestServer, startTestServer } from '../../support/test-server';

/**
 * Decision 220: an invitation is meant for the person it was sent to, and the link proves it; when
 * that person confirms a new address before accepting, the open invitations follow them.
 */
describe(`care invitations after the invitee changed their address (${TEST_ENGINE})`, () => {
  let server: TestServer;
  let catcher: SmtpCatcher;
  beforeAll(async () => {
    catcher = await SmtpCatcher.start();
    server = await startTestServer({ env: { SMTP_URL: catcher.url } });
  });
  afterAll(async () => {
    await server.close();
    await catcher.stop();
  });

  async function invite(patient: SignedInUser, email: string) {
    const response = await patient.api.post(`/api/care/${patient.email}/invitations`, {
      email,
      permissions: DEFAULT_CARE_PERMISSIONS,
    });
    expect(response.status, response.text).toBe(201);
    return response.body as { invitation: { id: string }; token: string };
  }

  /** The invitee moves to a new address through the mailed confirmation, as a person does. */
  async function changeAddress(user: SignedInUser, newEmail: string): Promise<void> {
    const asked = await user.api.post(`/api/user/${user.email}/email-change`, {
      newEmail,
      password: DEFAULT_PASSWORD,
    });
    expect(asked.status, asked.text).toBe(200);
    const { token } = await mailedLink(catcher, newEmail, /^Confirm your new address/);
    const confirmed = await new ApiClient(server.baseUrl).post('/api/auth/email-change/confirm', { token });
    expect(confirmed.status, confirmed.text).toBe(200);
    await user.api.refreshToken(newEmail);
    user.email = newEmail;
  }

  const accept = (user: SignedInUser, token: string) =>
    user.api.post('/api/care/invitation/accept', { token });

  it('an open invitation to the old address is accepted by its person under the new one', async () => {
    const patient = await signedInUser(server, { label: 'patient', name: 'Pat' });
    const otherPatient = await signedInUser(server, { label: 'patient-2', name: 'Quinn' });
    const carer = await signedInUser(server, { label: 'carer-old' });
    const oldEmail = carer.email;
    const first = await invite(patient, oldEmail);
    const second = await invite(otherPatient, oldEmail);
    // Accepted before the move: that one keeps the address it was sent to.
    const third = await invite(await signedInUser(server, { label: 'patient-3' }), oldEmail);
    expect((await accept(carer, third.token)).status).toBe(200);

    const newEmail = uniqueEmail('carer-new');
    await changeAddress(carer, newEmail);

    // The link still shows whom it is for: the person, now at the new address.
    const preview = await carer.api.post('/api/care/invitation/preview', { token: first.token });
    expect(preview.status, preview.text).toBe(200);
    expect(preview.body).toMatchObject({ patientName: 'Pat', email: newEmail });
    const accepted = await accept(carer, first.token);
    expect(accepted.status, accepted.text).toBe(200);
    expect(accepted.body).toMatchObject({ patientId: patient.id });
    const circle = await patient.api.get(`/api/care/${patient.email}/caregivers`);
    expect(circle.body.caregivers.map((c: { email: string }) => c.email)).toEqual([newEmail]);

    // Whoever registers the freed old address later was not the one invited.
    const newcomer = await signedInUser(server, { label: 'newcomer' });
    await changeAddress(newcomer, oldEmail);
    const refused = await accept(newcomer, second.token);
    expect(refused.status, refused.text).toBe(403);
    expect(refused.body.message).toContain(`This invitation is for ${newEmail}`);
    expect((await accept(carer, second.token)).status).toBe(200);
  });

  it('the patient sees the open invitation under the address it now goes to', async () => {
    const patient = await signedInUser(server, { label: 'patient-list' });
    const carer = await signedInUser(server, { label: 'carer-list' });
    const { invitation } = await invite(patient, carer.email);
    const newEmail = uniqueEmail('carer-list-new');
    await changeAddress(carer, newEmail);
    const circle = await patient.api.get(`/api/care/${patient.email}/caregivers`);
    expect(circle.body.invitations).toEqual([
      expect.objectContaining({ id: invitation.id, email: newEmail }),
    ]);
  });
});

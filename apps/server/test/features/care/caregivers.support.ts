import { DEFAULT_CARE_PERMISSIONS } from '@medrem/contract';
import { expect } from 'vitest';
import { type ReminderServer, type TestUser, createUser } from '../reminders/reminder-harness';

/**
 * Caregivers of `patient`, one per entry (permissions beside the defaults), each invited and
 * accepted through the API, with a Web Push device at `https://push.example.test/carer-{id}`.
 */
export async function inviteCaregivers(
  server: Pick<ReminderServer, 'baseUrl'>,
  patient: TestUser,
  permissions: Partial<typeof DEFAULT_CARE_PERMISSIONS>[],
): Promise<TestUser[]> {
  const carers: TestUser[] = [];
  for (const change of permissions) {
    const carer = await createUser(server, { timezone: 'Europe/Paris' });
    await carer.addDevice(`https://push.example.test/carer-${carer.id}`);
    await patient.refresh();
    const invited = await patient.api.post(`/api/care/${patient.email}/invitations`, {
      email: carer.email,
      permissions: { ...DEFAULT_CARE_PERMISSIONS, ...change },
    });
    expect(invited.status, invited.text).toBe(201);
    await carer.refresh();
    const accepted = await carer.api.post('/api/care/invitation/accept', { token: invited.body.token });
    expect(accepted.status, accepted.text).toBe(200);
    carers.push(carer);
  }
  return carers;
}

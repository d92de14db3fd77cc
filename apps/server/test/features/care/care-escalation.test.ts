import { DEFAULT_CARE_PERMISSIONS } from '@medrem/contract';
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_ENGINE } from '../../support/test-database';
import {
  RecordingSender,
  type ReminderServer,
  type TestUser,
  createUser,
  deleteRedisPrefix,
  probeRedis,
  startReminderServer,
} from '../reminders/reminder-harness';
import { inviteCaregivers } from './caregivers.support';

const redisUrl = await probeRedis();
/** The same timeline on both queues: in-process, and BullMQ on Redis (under a prefix of its own). */
const queues = [
  { queue: 'in-process', env: {} as Record<string, string> },
  ...(redisUrl
    ? [
        {
          queue: 'BullMQ',
          env: { REDIS_URL: redisUrl, REDIS_KEY_PREFIX: `medrem-care-${randomBytes(4).toString('hex')}` },
        },
      ]
    : []),
];

/**
 * The escalation of decision 140 on a controlled clock: the dose reminder, then the patient's own
 * "still not taken?" alert (60 minutes), then each caregiver after their own delay, then nothing
 * more once the dose is taken; and a caregiver removed or gone gets nothing already scheduled.
 */
describe.each(queues)(`care circle: the escalation timeline (${TEST_ENGINE}, $queue queue)`, ({ env }) => {
  let server: ReminderServer;
  const sender = new RecordingSender();
  beforeAll(async () => {
    server = await startReminderServer({ now: '2026-11-21T10:00:00Z', sender, env });
  });
  afterAll(async () => {
    await server.close();
    if (redisUrl && env.REDIS_KEY_PREFIX) await deleteRedisPrefix(redisUrl, env.REDIS_KEY_PREFIX);
  });

  async function circle(permissions: Partial<typeof DEFAULT_CARE_PERMISSIONS>[]) {
    const patient = await createUser(server, { timezone: 'Europe/Berlin' });
    const medicine = await patient.addMedicine({ name: 'Metformin', dosage: '850mg', frequency: '1-0-0' });
    await patient.addDevice(`https://push.example.test/patient-${patient.id}`);
    const carers = await inviteCaregivers(server, patient, permissions);
    return { patient, medicineId: medicine.id, carers };
  }

  const pushesTo = (user: TestUser, who: 'patient' | 'carer') =>
    sender
      .to(`https://push.example.test/${who}-${user.id}`)
      .map((p) => p.payload.notification.title as string);

  it('patient push, then each caregiver after their delay, naming medicine and slot; nothing more once taken', async () => {
    await server.at('2026-11-21T10:00:00Z');
    const { patient, medicineId, carers } = await circle([{}, { missedDelayMinutes: 120 }]);
    const [soon, late] = carers as [TestUser, TestUser];

    await server.at('2026-11-22T07:00:00Z'); // 08:00 Berlin: the dose reminder
    expect(pushesTo(patient, 'patient')).toEqual(['Time for your Morning dose']);
    await server.at('2026-11-22T07:59:00Z');
    expect(pushesTo(patient, 'patient')).toHaveLength(1);
    expect(await soon.notifications()).toEqual([]);

    await server.at('2026-11-22T08:00:00Z'); // +60: the patient's "still not taken?"
    expect(pushesTo(patient, 'patient')).toEqual(['Time for your Morning dose', 'Missed Dose']);
    expect(await soon.notifications()).toEqual([]);
    expect(pushesTo(soon, 'carer')).toEqual([]);

    await server.at('2026-11-22T08:59:00Z');
    expect(await soon.notifications()).toEqual([]);
    await server.at('2026-11-22T09:00:00Z'); // +60+60: the first caregiver
    const [alert, ...more] = await soon.notifications();
    expect(more).toEqual([]);
    const name = `Patient ${patient.email.split('-')[1]}`;
    expect(alert).toMatchObject({
      type: 'missed_dose',
      title: `${name} has not taken a dose`,
      message: `Metformin, Morning dose at 8:00 AM: still not taken. ${name} was reminded first.`,
      medicineName: 'Metformin',
    });
    const push = sender.to(`https://push.example.test/carer-${soon.id}`);
    expect(push).toHaveLength(1);
    expect(push[0]!.payload).toMatchObject({
      id: alert!.id,
      notification: { navigate: '/care' },
      actions: [],
    });
    expect(await late.notifications()).toEqual([]);
    // A retry or a second tick sends nothing twice.
    await server.at('2026-11-22T09:00:30Z');
    expect(await soon.notifications()).toHaveLength(1);
    expect(pushesTo(soon, 'carer')).toHaveLength(1);

    // Taken before the second caregiver's time: nothing more, to anyone.
    await patient.refresh();
    const taken = await patient.api.put(`/api/medicine/${medicineId}/taken`, {
      date: '2026-11-22',
      taken: '1-0-0',
    });
    expect(taken.status, taken.text).toBe(200);
    await server.at('2026-11-22T10:00:00Z'); // +60+120
    await server.at('2026-11-22T12:00:00Z');
    expect(await late.notifications()).toEqual([]);
    expect(pushesTo(late, 'carer')).toEqual([]);
    expect(await soon.notifications()).toHaveLength(1);
    expect(pushesTo(patient, 'patient')).toHaveLength(2);

    // The next day, not taken: the second caregiver is alerted at +60+120, the first again at +60+60.
    await server.at('2026-11-23T09:00:00Z');
    expect(await soon.notifications()).toHaveLength(2);
    expect(await late.notifications()).toEqual([]);
    await server.at('2026-11-23T10:00:00Z');
    expect((await late.notifications()).map((n) => n.medicineName)).toEqual(['Metformin']);
  });

  it('a caregiver removed, or who left, is not alerted for what was already scheduled', async () => {
    await server.at('2026-11-24T10:00:00Z');
    const { patient, carers } = await circle([{}, {}, {}]);
    const [removed, gone, kept] = carers as [TestUser, TestUser, TestUser];
    await server.at('2026-11-25T07:00:00Z');
    await server.at('2026-11-25T08:00:00Z'); // the patient's alert; the caregivers' is due at 09:00
    await patient.refresh();
    const removal = await patient.api.delete(`/api/care/${patient.email}/caregivers/${removed.id}`);
    expect(removal.status, removal.text).toBe(200);
    await gone.refresh();
    const left = await gone.api.delete(`/api/care/${gone.email}/patients/${patient.id}`);
    expect(left.status, left.text).toBe(200);

    await server.at('2026-11-25T09:00:00Z');
    expect(await kept.notifications()).toHaveLength(1);
    expect(await removed.notifications()).toEqual([]);
    expect(await gone.notifications()).toEqual([]);
    expect(pushesTo(removed, 'carer')).toEqual([]);
    expect(pushesTo(gone, 'carer')).toEqual([]);
  });

  it('alerts nobody whose link is gone by fire time, even with the row still scheduled: the circle is re-read then', async () => {
    await server.at('2026-11-26T10:00:00Z');
    const { patient, carers } = await circle([{}]);
    const [carer] = carers as [TestUser];
    // Removed behind the service's back (as a concurrent transaction would): the row stays due.
    const { sql } = await import('drizzle-orm');
    await server.database.handle.db.execute(
      sql`delete from care_links where patient_id = ${patient.id}::uuid and caregiver_id = ${carer.id}::uuid`,
    );
    await server.at('2026-11-27T09:00:00Z');
    expect(await carer.notifications()).toEqual([]);
  });

  it('tells caregivers who asked for it that a refill is running out', async () => {
    await server.at('2026-11-28T10:00:00Z');
    const patient = await createUser(server, { timezone: 'UTC' });
    const medicine = await patient.addMedicine({ name: 'Warfarin', frequency: '1-0-0', totalPills: 3 });
    const carers: TestUser[] = [];
    for (const refillAlerts of [true, false]) {
      const carer = await createUser(server, { timezone: 'UTC' });
      await patient.refresh();
      const invited = await patient.api.post(`/api/care/${patient.email}/invitations`, {
        email: carer.email,
        permissions: { ...DEFAULT_CARE_PERMISSIONS, refillAlerts },
      });
      await carer.refresh();
      expect(
        (await carer.api.post('/api/care/invitation/accept', { token: invited.body.token })).status,
      ).toBe(200);
      carers.push(carer);
    }
    await patient.refresh();
    await patient.api.put(`/api/medicine/${medicine.id}/taken`, { date: '2026-11-28', taken: '1-0-0' });
    await server.at('2026-11-28T10:00:01Z');
    const [asked, notAsked] = carers as [TestUser, TestUser];
    expect(await asked.notifications()).toMatchObject([
      {
        type: 'refill',
        medicineName: 'Warfarin',
        message: expect.stringContaining('Warfarin is running low'),
      },
    ]);
    expect(await notAsked.notifications()).toEqual([]);
  });
});

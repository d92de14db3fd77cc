import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { translate } from '../../../src/i18n/server-catalogs';
import { timeText } from '../../../src/i18n/server-formats';
import { TEST_ENGINE } from '../../support/test-database';
import { inviteCaregivers } from '../care/caregivers.support';
import { RecordingSender, type ReminderServer, createUser, startReminderServer } from './reminder-harness';

/**
 * Decision 364: every reminder is written in its reader's language and clock. The patient's own in
 * theirs, with the buttons; a caregiver's alert in the caregiver's, not the patient's; an account
 * that never chose one in the spec's English, as before. Reminders are stored ahead of their instant
 * (REMINDER_PREPARE_SECONDS): a language chosen after that still decides the words.
 */
describe(`reminders in the reader's language (${TEST_ENGINE})`, () => {
  let server: ReminderServer;
  const sender = new RecordingSender();
  beforeAll(async () => {
    server = await startReminderServer({
      now: '2026-12-01T10:00:00Z',
      sender,
      env: { REMINDER_PREPARE_SECONDS: '180' },
    });
  });
  afterAll(async () => {
    await server.close();
  });

  const pushOf = (endpoint: string) => sender.to(endpoint).map((p) => p.payload);

  it('writes the patient’s reminder and buttons in theirs and the caregiver’s alert in the caregiver’s', async () => {
    await server.at('2026-12-01T10:00:00Z');
    const patient = await createUser(server, { timezone: 'Europe/Madrid' });
    await patient.saveSettings({ locale: 'es' });
    await patient.addMedicine({ name: 'Metformina', dosage: '850 mg', frequency: '1-0-0' });
    await patient.addMedicine({ name: 'Enalapril', dosage: '10 mg', frequency: '1-0-0' });
    const phone = `https://push.example.test/patient-${patient.id}`;
    await patient.addDevice(phone);
    const [carer] = await inviteCaregivers(server, patient, [{}]);
    await carer!.saveSettings({ locale: 'de', clock: '24h' });
    const english = await createUser(server, { timezone: 'Europe/Madrid' });
    await english.addMedicine({ name: 'Aspirin', dosage: '500mg', frequency: '1-0-0' });
    const englishPhone = `https://push.example.test/english-${english.id}`;
    await english.addDevice(englishPhone);

    await server.at('2026-12-02T07:00:00Z'); // 08:00 in Madrid
    const spanish = { locale: 'es', clock: 'auto' } as const;
    const [push] = pushOf(phone);
    const title = translate('es', 'reminder.slotTitle', { count: 2, time: timeText('08:00', spanish) });
    expect(push.notification.title).toBe(title);
    expect(title).not.toContain('medicines');
    expect(push.notification.body).toContain('Metformina (850 mg)');
    expect(push.actions.map((a: { title: string }) => a.title)).toEqual([
      translate('es', 'push.actionTakeAll'),
      translate('es', 'push.actionSnooze'),
    ]);
    expect(push.actions.map((a: { title: string }) => a.title)).not.toContain('Take all');
    // The in-app list says what the push said.
    expect((await patient.notifications()).map((n) => n.title)).toEqual([title]);

    // An account that never chose a language: the spec's English, byte for byte.
    const [englishPush] = pushOf(englishPhone);
    expect(englishPush.notification).toMatchObject({
      title: 'Time for your Morning dose',
      body: 'Aspirin (500mg)',
    });
    expect(englishPush.actions.map((a: { title: string }) => a.title)).toEqual([
      'Mark as taken',
      'Snooze 10 min',
    ]);

    // Not taken: the caregiver's alert (+60 +60), in German on the 24-hour clock.
    await server.at('2026-12-02T09:00:00Z');
    const [alert] = await carer!.notifications();
    const patientName = `Patient ${patient.email.split('-')[1]}`;
    expect(alert).toMatchObject({
      title: translate('de', 'reminder.careMissedTitle', { patient: patientName }),
      message: expect.stringContaining('08:00'),
    });
    expect(alert!.message).not.toContain('AM');
    expect(alert!.title).not.toBe(`${patientName} has not taken a dose`);
  });

  it('writes a reminder stored ahead in the language chosen after it was stored', async () => {
    await server.at('2026-12-03T05:00:00Z');
    const user = await createUser(server, { timezone: 'UTC', notifications: { missedDoseAlerts: false } });
    await user.addMedicine({ name: 'Aspirin', dosage: '500mg', frequency: '1-0-0' });
    const phone = `https://push.example.test/switch-${user.id}`;
    await user.addDevice(phone);
    await server.at('2026-12-03T07:58:00Z'); // stored ahead, in English
    await user.saveSettings({ locale: 'fr', clock: '12h' });
    await server.at('2026-12-03T08:00:00Z');
    const pushes = pushOf(phone);
    expect(pushes).toHaveLength(1);
    expect(pushes[0].notification.title).toBe(translate('fr', 'reminder.doseTitle', { slot: 'Morning' }));
    expect(pushes[0].actions[0].title).toBe(translate('fr', 'push.actionTake'));
  });
});

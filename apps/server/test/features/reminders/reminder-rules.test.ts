import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_ENGINE } from '../../support/test-database';
import { RecordingSender, type ReminderServer, createUser, startReminderServer } from './reminder-harness';

const titles = (list: { title: string }[]) => list.map((n) => n.title).sort();

describe(`reminder rules with a controlled clock (${TEST_ENGINE})`, () => {
  let server: ReminderServer;
  const sender = new RecordingSender();
  beforeAll(async () => {
    server = await startReminderServer({ now: '2026-11-20T00:00:00Z', sender });
  });
  afterAll(() => server.close());

  it('sends one dose reminder per slot at the dose time in the user’s zone, grouping its medicines', async () => {
    await server.at('2026-11-22T10:00:00Z'); // 05:00 in New York
    const user = await createUser(server, { timezone: 'America/New_York' });
    await user.addMedicine({ name: 'Aspirin', dosage: '500mg', frequency: '1-0-1' });
    await user.addMedicine({ name: 'Vitamin D', dosage: '1000IU', frequency: '1-0-0' });
    await user.addMedicine({ name: 'Iron', dosage: '', frequency: '0-1-0' });
    const endpoint = `https://push.example.test/dose-${user.id}`;
    await user.addDevice(endpoint);

    await server.at('2026-11-22T12:59:00Z'); // 07:59 in New York (EST)
    expect(await user.notifications()).toEqual([]);
    await server.at('2026-11-22T13:00:00Z'); // 08:00
    const [reminder, ...rest] = await user.notifications();
    expect(rest).toEqual([]);
    // Two medicines at one time: one notification naming how many, with 'Take all' (issue 53).
    expect(reminder).toMatchObject({
      type: 'reminder',
      title: '2 medicines at 8:00 AM',
      message: 'Aspirin (500mg), Vitamin D (1000IU)',
      isRead: false,
      createdAt: '2026-11-22T13:00:00.000Z',
    });
    const pushes = sender.to(endpoint);
    expect(pushes).toHaveLength(1);
    expect(pushes[0]!.payload).toMatchObject({
      id: reminder!.id,
      // The dose page with its own token (decision 241).
      notification: { title: '2 medicines at 8:00 AM', navigate: expect.stringMatching(/^\/dose\?token=/) },
    });
    expect(pushes[0]!.payload.actions.map((a: { title: string }) => a.title)).toEqual([
      'Take all',
      'Snooze 10 min',
    ]);
    expect(pushes[0]!.message.topic).toBe(pushes[0]!.payload.notification.tag);
    expect(pushes[0]!.message.topic).toMatch(/^[A-Za-z0-9_-]{1,32}$/);

    // Running again (a retry, a second tick) changes nothing.
    await server.at('2026-11-22T13:00:30Z');
    expect(await user.notifications()).toHaveLength(1);
    expect(sender.to(endpoint)).toHaveLength(1);

    // Afternoon: Iron alone, with no dosage shown.
    await server.at('2026-11-22T19:00:00Z');
    const afternoon = (await user.notifications()).filter((n) => n.title === 'Time for your Afternoon dose');
    expect(afternoon).toMatchObject([{ message: 'Iron' }]);
  });

  it('sends nothing for a dose already taken, and the missed-dose alert 60 minutes later only for what is not', async () => {
    await server.at('2026-11-21T10:00:00Z');
    const user = await createUser(server, { timezone: 'Europe/Berlin' });
    const a = await user.addMedicine({ name: 'Aspirin', frequency: '1-0-0' });
    await user.addMedicine({ name: 'Metformin', dosage: '850mg', frequency: '1-0-0' });
    await server.at('2026-11-22T06:59:00Z'); // 07:59 Berlin
    await user.refresh();
    // Ticking before the slot time is refused by the API; mark both taken? Only Aspirin, after 08:00.
    await server.at('2026-11-22T07:00:00Z');
    expect(titles(await user.notifications())).toEqual(['2 medicines at 8:00 AM']);
    await user.refresh();
    const tick = await user.api.put(`/api/medicine/${a.id}/taken`, { date: '2026-11-22', taken: '1-0-0' });
    expect(tick.status).toBe(200);
    await server.at('2026-11-22T07:59:00Z');
    expect(await user.notifications()).toHaveLength(1);
    await server.at('2026-11-22T08:00:00Z'); // 09:00 Berlin
    const list = await user.notifications();
    expect(list).toHaveLength(2);
    expect(list[0]).toMatchObject({
      type: 'missed_dose',
      title: 'Missed Dose',
      message: 'You missed your dose of Metformin. Please take it as soon as possible.',
      medicineName: 'Metformin',
    });

    // Next day both are taken before 08:00? Not allowed before the slot time, so take them at 08:00
    // right after the reminder: no missed alert follows.
    await server.at('2026-11-23T07:00:00Z');
    await user.refresh();
    for (const m of await user.api.get(`/api/medicine/user/${user.email}`).then((r) => r.body.findMedicine)) {
      await user.api.put(`/api/medicine/${m.id}/taken`, { date: '2026-11-23', taken: '1-0-0' });
    }
    await server.at('2026-11-23T08:30:00Z');
    const after = await user.notifications();
    expect(after.filter((n) => n.type === 'missed_dose')).toHaveLength(1);
    expect(after.filter((n) => n.type === 'reminder')).toHaveLength(2);
  });

  it('respects the switches: missed-dose alerts off, notifications off', async () => {
    await server.at('2026-11-21T10:00:00Z');
    const quiet = await createUser(server, { timezone: 'UTC', notifications: { missedDoseAlerts: false } });
    await quiet.addMedicine({ frequency: '1-0-0' });
    const silent = await createUser(server, { timezone: 'UTC', notifications: { enabled: false } });
    await silent.addMedicine({ frequency: '1-0-0' });
    await server.at('2026-11-22T08:00:00Z');
    await server.at('2026-11-22T09:30:00Z');
    expect(titles(await quiet.notifications())).toEqual(['Time for your Morning dose']);
    expect(await silent.notifications()).toEqual([]);
    // Switching notifications on again takes effect at once.
    await silent.saveSettings({ notifications: { enabled: true } });
    await server.at('2026-11-23T08:00:00Z');
    expect(titles(await silent.notifications())).toEqual(['Time for your Morning dose']);
  });

  it('sends nothing before the course starts or after it ends (start + originalDurationDays − 1)', async () => {
    await server.at('2026-11-21T10:00:00Z');
    const user = await createUser(server, { timezone: 'UTC' });
    await user.addMedicine({
      name: 'Later',
      frequency: '1-0-0',
      startDate: '2026-11-23',
      originalDurationDays: 2,
      durationDays: 2,
    });
    await server.at('2026-11-22T08:00:00Z');
    expect(await user.notifications()).toEqual([]);
    await server.at('2026-11-23T08:00:00Z');
    await server.at('2026-11-24T08:00:00Z');
    await server.at('2026-11-25T08:00:00Z');
    const list = await user.notifications();
    expect(list.filter((n) => n.type === 'reminder').map((n) => n.createdAt)).toEqual([
      '2026-11-24T08:00:00.000Z',
      '2026-11-23T08:00:00.000Z',
    ]);
  });

  it('sends the heads-up reminderAdvance minutes before only when upcomingHeadsUp is on', async () => {
    await server.at('2026-11-21T10:00:00Z');
    const user = await createUser(server, {
      timezone: 'UTC',
      notifications: { upcomingHeadsUp: true, reminderAdvance: 30 },
    });
    await user.addMedicine({ name: 'Aspirin', dosage: '500mg', frequency: '1-0-0' });
    const off = await createUser(server, { timezone: 'UTC' });
    await off.addMedicine({ frequency: '1-0-0' });
    await server.at('2026-11-22T07:30:00Z');
    expect((await user.notifications())[0]).toMatchObject({
      type: 'reminder',
      title: 'Upcoming Morning dose',
      message: 'In 30 minutes: Aspirin (500mg)',
    });
    expect(await off.notifications()).toEqual([]);
  });

  it('sends the daily summary at 21:00 local: doses taken of doses due today', async () => {
    await server.at('2026-11-21T10:00:00Z');
    const user = await createUser(server, {
      timezone: 'Asia/Tokyo',
      notifications: { dailySummary: true, missedDoseAlerts: false },
    });
    const a = await user.addMedicine({ name: 'A', frequency: '1-0-1' });
    await user.addMedicine({ name: 'B', frequency: '0-1-0' });
    await server.at('2026-11-22T00:00:00Z'); // 09:00 Tokyo
    await user.refresh();
    await user.api.put(`/api/medicine/${a.id}/taken`, { date: '2026-11-22', taken: '1-0-0' });
    await server.at('2026-11-22T11:59:00Z'); // 20:59
    expect((await user.notifications()).some((n) => n.title === 'Daily Summary')).toBe(false);
    await server.at('2026-11-22T12:00:00Z'); // 21:00
    const summary = (await user.notifications()).find((n) => n.title === 'Daily Summary');
    expect(summary).toMatchObject({ type: 'generic', message: 'Today you took 1 of 3 doses.' });
  });

  it('sends a refill reminder when a medicine becomes urgent, at most once per medicine per local day', async () => {
    await server.at('2026-11-21T10:00:00Z');
    const user = await createUser(server, { timezone: 'UTC', notifications: { missedDoseAlerts: false } });
    const m = await user.addMedicine({
      name: 'Warfarin',
      frequency: '1-0-1',
      totalPills: 8,
      pillsPerDose: 1,
    });
    await server.at('2026-11-21T10:00:05Z');
    expect(await user.notifications()).toEqual([]); // 8 pills, 4 days: not urgent
    await server.at('2026-11-21T21:00:00Z');
    await user.refresh();
    await user.api.put(`/api/medicine/${m.id}/taken`, { date: '2026-11-21', taken: '1-0-1' }); // 6 left, 3 days
    await server.at('2026-11-21T21:00:05Z');
    expect((await user.notifications()).filter((n) => n.type === 'refill')).toEqual([]);
    await user.api.put(`/api/medicine/${m.id}/taken`, { date: '2026-11-20', taken: '1-0-0' }); // 5 left: urgent
    await server.at('2026-11-21T21:00:10Z');
    const refill = (await user.notifications()).filter((n) => n.type === 'refill');
    expect(refill).toHaveLength(1);
    expect(refill[0]).toMatchObject({
      title: 'Refill Reminder',
      message: 'Warfarin is running low. Please refill your prescription.',
      medicineName: 'Warfarin',
    });
    await user.api.put(`/api/medicine/${m.id}/taken`, { date: '2026-11-19', taken: '1-0-0' }); // 4 left, same day
    await server.at('2026-11-21T21:30:00Z');
    expect((await user.notifications()).filter((n) => n.type === 'refill')).toHaveLength(1);
    // Next local day, still urgent: the morning dose reminder brings one more.
    await server.at('2026-11-22T08:00:00Z');
    expect((await user.notifications()).filter((n) => n.type === 'refill')).toHaveLength(2);
  });

  it('after downtime sends the missed-dose alert, not a stale “time for your dose”', async () => {
    await server.at('2026-11-21T10:00:00Z');
    const user = await createUser(server, { timezone: 'UTC' });
    await user.addMedicine({ name: 'Aspirin', frequency: '1-0-0' });
    // The engine was down from before 08:00 to 10:30.
    await server.at('2026-11-22T10:30:00Z');
    const list = await user.notifications();
    expect(list.map((n) => n.type)).toEqual(['missed_dose']);
    expect(list[0]!.message).toBe('You missed your dose of Aspirin. Please take it as soon as possible.');
    // Down for three days: one alert, for the latest missed dose.
    await server.at('2026-11-25T12:00:00Z');
    const later = (await user.notifications()).filter((n) => n.type === 'missed_dose');
    expect(later).toHaveLength(2);
    expect(later[0]!.createdAt).toBe('2026-11-25T12:00:00.000Z');
  });

  it('deleting a medicine or the account removes what was pending', async () => {
    await server.at('2026-11-21T10:00:00Z');
    const user = await createUser(server, { timezone: 'UTC' });
    const m = await user.addMedicine({ name: 'Gone', frequency: '1-0-0' });
    const leaving = await createUser(server, { timezone: 'UTC' });
    await leaving.addMedicine({ frequency: '1-0-0' });
    await user.refresh();
    expect((await user.api.delete(`/api/medicine/${m.id}`)).status).toBe(200);
    await leaving.refresh();
    expect(
      (await leaving.api.delete(`/api/user/${leaving.email}/account`, { password: 'correct-horse-1' }))
        .status,
    ).toBe(200);
    await server.at('2026-11-22T08:00:00Z');
    await server.at('2026-11-22T09:00:00Z');
    expect(await user.notifications()).toEqual([]);
    const rows = await server.database.handle.db.execute(
      `select count(*)::int as n from reminder_schedule where user_id = '${leaving.id}'` as never,
    );
    expect(JSON.stringify(rows)).toContain('"n":0');
  });
});

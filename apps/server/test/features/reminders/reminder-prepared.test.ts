import { beforeAll, describe, expect, it } from 'vitest';
import { TEST_ENGINE } from '../../support/test-database';
import {
  type ReminderServer,
  type TestUser,
  actOnPush,
  createUser,
  withPushService,
} from './reminder-harness';

/**
 * Reminders prepared ahead (decision 048), through a real push service that decrypts every push
 * with the device's keys: a prepared push is exactly the one the engine would build at its time, is
 * sent at its time and never before, and is not used once the dose, the medicine or the device
 * changed.
 */
/**
 * Each case runs with the reminders stored ahead and released at their instant (decision 017), and
 * with them prepared in memory only (REMINDER_STAGE_AHEAD=off, decision 048).
 */
describe.each(['on', 'off'] as const)(`reminders prepared ahead (${TEST_ENGINE}), staged: %s`, (staging) => {
  const setup = withPushService({
    now: '2026-11-21T05:00:00Z',
    env: { REMINDER_PREPARE_SECONDS: '180', REMINDER_STAGE_AHEAD: staging },
  });
  const { pushService } = setup;
  let server: ReminderServer;
  beforeAll(() => {
    server = setup.server;
  });

  const prepared = () => server.engine.preparation;
  // Each test's due instant is its own: earlier users' missed-dose alerts stay out of the counts.
  const quiet = { missedDoseAlerts: false };
  const receivedBy = (id: string) => pushService.received.filter((r) => r.subscription === id);

  async function withDevice(user: TestUser) {
    const device = pushService.subscribe();
    await user.saveDevice(device.json);
    return device;
  }

  it('prepares the 08:00 reminder minutes ahead, sends nothing early, then sends exactly it at 08:00', async () => {
    await server.at('2026-11-21T05:00:00Z');
    const user = await createUser(server, { timezone: 'Europe/Berlin', notifications: quiet });
    await user.addMedicine({ name: 'Aspirin', dosage: '500mg', frequency: '1-0-0' });
    const phone = await withDevice(user);
    const laptop = await withDevice(user);
    const before = prepared();

    await server.at('2026-11-21T06:58:00Z'); // 07:58 Berlin: 08:00 is inside the window
    expect(prepared().made - before.made).toBe(2);
    await server.at('2026-11-21T06:59:59Z');
    expect(receivedBy(phone.id)).toEqual([]);
    expect(receivedBy(laptop.id)).toEqual([]);
    expect(await user.notifications()).toEqual([]);

    await server.at('2026-11-21T07:00:00Z');
    expect(pushService.rejected).toEqual([]);
    expect(prepared().used - before.used).toBe(2);
    if (staging === 'on') {
      // Stored at 07:58 and released at 08:00, not fired then.
      expect(prepared().staged - before.staged).toBe(1);
      expect(prepared().released - before.released).toBe(1);
    } else {
      // Nothing changed since preparation: its state and devices decided the firing (decision 015).
      expect(prepared().reused - before.reused).toBeGreaterThanOrEqual(2);
      expect(prepared().staged).toBe(0);
    }
    const [notification] = await user.notifications();
    expect(notification).toMatchObject({ title: 'Time for your Morning dose', message: 'Aspirin (500mg)' });
    expect(notification!.createdAt).toBe('2026-11-21T07:00:00.000Z');
    for (const device of [phone, laptop]) {
      const [push] = receivedBy(device.id);
      expect(push!.receivedAt).toBeGreaterThan(0);
      expect(push!.payload).toMatchObject({
        id: notification!.id,
        type: 'reminder',
        notification: { title: 'Time for your Morning dose', body: 'Aspirin (500mg)' },
        createdAt: '2026-11-21T07:00:00.000Z',
      });
    }
    // Its 'Mark as taken' token, signed when it was prepared, works.
    const take = receivedBy(phone.id)[0]!.payload.actions[0].token as string;
    expect(await actOnPush(server, take)).toMatchObject({
      success: true,
      message: 'Aspirin marked as taken!',
    });
  });

  it('names a medicine renamed after preparation by its new name', async () => {
    await server.at('2026-11-22T05:00:00Z');
    const user = await createUser(server, {
      timezone: 'Europe/Berlin',
      times: ['09:00', '14:00', '20:00'],
      notifications: quiet,
    });
    const medicine = await user.addMedicine({ name: 'Aspirin', dosage: '500mg', frequency: '1-0-0' });
    const phone = await withDevice(user);
    await server.at('2026-11-22T07:58:00Z'); // 08:58 Berlin: prepared with 'Aspirin'
    await user.refresh();
    const list = await user.api.get<{ findMedicine: Record<string, unknown>[] }>(
      `/api/medicine/user/${user.email}`,
    );
    const { id, userEmail: _owner, ...fields } = list.body.findMedicine.find((m) => m.id === medicine.id)!;
    const renamed = await user.api.put(`/api/medicine/${String(id)}`, { ...fields, name: 'Aspirin Forte' });
    expect(renamed.status).toBe(200);
    const { used, reused } = prepared();

    await server.at('2026-11-22T08:00:00Z');
    expect(receivedBy(phone.id).map((p) => p.payload.notification.body)).toEqual(['Aspirin Forte (500mg)']);
    expect(prepared().used).toBe(used);
    // The rename raised the user's stamp: the state prepared with 'Aspirin' was not used.
    expect(prepared().reused).toBe(reused);
  });

  it('encrypts afresh for a device that renewed its keys after preparation', async () => {
    await server.at('2026-11-23T05:00:00Z');
    const user = await createUser(server, {
      timezone: 'Europe/Berlin',
      times: ['10:00', '14:00', '20:00'],
      notifications: quiet,
    });
    await user.addMedicine({ name: 'Metformin', dosage: '850mg', frequency: '1-0-0' });
    const phone = await withDevice(user);
    await server.at('2026-11-23T08:58:00Z'); // 09:58 Berlin: prepared for the old keys
    const renewed = pushService.rekey(phone.id);
    await user.saveDevice(renewed.json);

    await server.at('2026-11-23T09:00:00Z');
    // A body made for the old keys would not decrypt: the push service would have rejected it.
    expect(pushService.rejected).toEqual([]);
    expect(receivedBy(phone.id).map((p) => p.payload.notification.body)).toEqual(['Metformin (850mg)']);
  });

  it('sends no missed-dose alert prepared before the dose was ticked', async () => {
    await server.at('2026-11-24T05:00:00Z');
    const user = await createUser(server, { timezone: 'Europe/Berlin', times: ['11:00', '14:00', '20:00'] });
    const medicine = await user.addMedicine({ name: 'Ramipril', dosage: '5mg', frequency: '1-0-0' });
    const phone = await withDevice(user);
    await server.at('2026-11-24T10:00:00Z'); // 11:00 Berlin: the reminder
    expect(receivedBy(phone.id).map((p) => p.payload.type)).toEqual(['reminder']);
    const made = prepared().made;
    await server.at('2026-11-24T10:58:00Z'); // the 12:00 missed-dose alert is prepared
    expect(prepared().made - made).toBe(1);
    await user.refresh();
    const tick = await user.api.put(`/api/medicine/${medicine.id}/taken`, {
      date: '2026-11-24',
      taken: '1-0-0',
    });
    expect(tick.status).toBe(200);

    await server.at('2026-11-24T11:00:00Z');
    expect(receivedBy(phone.id).map((p) => p.payload.type)).toEqual(['reminder']);
    expect((await user.notifications()).map((n) => n.type)).toEqual(['reminder']);
  });
});

import { describe, expect, it } from 'vitest';
import { PushBacklog } from '../../../src/features/reminders/engine/push-backlog';
import { TEST_ENGINE } from '../../support/test-database';
import { createUser, withPushService } from './reminder-harness';

const BATCH = 100;
const settled = async (p: Promise<unknown>, ms: number) =>
  Promise.race([p.then(() => true), new Promise<boolean>((r) => setTimeout(() => r(false), ms))]);

/**
 * A fire lane goes on only while its process has at most two batches' worth of pushes in hand
 * (unsent, or being fired), and never waits longer than the batch before took (decision 016).
 */
describe('PushBacklog', () => {
  it('admits two batches at once when nothing is pending, and a third only when pushes go', async () => {
    const backlog = new PushBacklog(BATCH);
    const far = Date.now() + 60_000;
    const first = await backlog.admit(far);
    const second = await backlog.admit(far);
    // Batches that took long: the third lane may wait that long for pushes to go.
    await new Promise((r) => setTimeout(r, 300));
    backlog.stored(BATCH);
    first();
    backlog.stored(BATCH);
    second();
    expect(backlog.size).toBe(2 * BATCH);
    const third = backlog.admit(far);
    expect(await settled(third, 60)).toBe(false);
    backlog.done(1);
    expect(await settled(third, 100)).toBe(true);
  });

  it('lets a lane through after as long as the last batch took to fire, when nothing is sent', async () => {
    const backlog = new PushBacklog(BATCH);
    const far = Date.now() + 60_000;
    const over = await backlog.admit(far);
    await new Promise((r) => setTimeout(r, 40));
    backlog.stored(3 * BATCH);
    over();
    const started = Date.now();
    (await backlog.admit(far))();
    const waited = Date.now() - started;
    expect(waited).toBeGreaterThanOrEqual(35);
    expect(waited).toBeLessThan(2_000);
  });

  it('never waits past the fire job budget, and never counts below zero', async () => {
    const backlog = new PushBacklog(BATCH);
    backlog.stored(5 * BATCH);
    const started = Date.now();
    // Busy, and no batch timed yet (it would wait up to a second), but the budget ends now.
    (await backlog.admit(Date.now()))();
    expect(Date.now() - started).toBeLessThan(500);
    backlog.done(10 * BATCH);
    expect(backlog.size).toBe(0);
  });
});

describe(`the engine's push backlog comes back to nothing (${TEST_ENGINE})`, () => {
  const setup = withPushService({ now: '2026-11-21T05:00:00Z' });

  it('after pushes that were sent, refused for good and to devices that are gone', async () => {
    const { server, pushService } = setup;
    const devices: string[] = [];
    for (let i = 0; i < 3; i += 1) {
      const user = await createUser(server, {
        timezone: 'Europe/Berlin',
        notifications: { missedDoseAlerts: false },
      });
      await user.addMedicine({ name: `Aspirin ${i}`, dosage: '500mg', frequency: '1-0-0' });
      const device = pushService.subscribe();
      await user.saveDevice(device.json);
      devices.push(device.id);
    }
    pushService.answers.set(devices[1]!, 410);
    pushService.answers.set(devices[2]!, 400);

    await server.at('2026-11-21T07:00:00Z'); // 08:00 Berlin
    expect(pushService.received.filter((r) => r.subscription === devices[0])).toHaveLength(1);
    expect(server.engine.unsentPushes).toBe(0);
  });
});

import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ReminderRepository } from '../../../src/features/reminders/reminder.repository';
import { TEST_ENGINE } from '../../support/test-database';
import {
  RecordingSender,
  type ReminderServer,
  morningDoseUser,
  startReminderServer,
} from './reminder-harness';

/**
 * Every 10 minutes the engine deletes dedupe keys past their week. After a busy hour that is a
 * delete of many rows; the tick that fires the next due second must not wait for it.
 */
describe(`the prune of old reminder records runs beside the tick (${TEST_ENGINE})`, () => {
  const sender = new RecordingSender();
  let server: ReminderServer;
  // Lets the held prune finish (also when the test failed, so the server can close).
  let release = () => undefined as void;
  beforeAll(async () => {
    server = await startReminderServer({ now: '2026-11-21T05:00:00Z', sender });
  });
  afterAll(async () => {
    release();
    vi.restoreAllMocks();
    await server.close();
  });

  it('fires what is due while the prune is still running', async () => {
    const { endpoint } = await morningDoseUser(server, 'prune');
    const held = new Promise<void>((resolve) => (release = resolve));
    const prune = vi.spyOn(ReminderRepository.prototype, 'pruneDeliveries').mockReturnValue(held);

    server.clock.set('2026-11-21T07:00:00Z'); // 08:00 Berlin, and the engine's first prune
    await server.engine.tick();
    await server.app.reminders.queue?.idle();
    expect(prune).toHaveBeenCalledTimes(1);
    expect(sender.to(endpoint).map((s) => s.payload.notification.title)).toEqual([
      'Time for your Morning dose',
    ]);

    // The next tick does not start a second prune while the first one runs.
    server.clock.set('2026-11-21T07:20:00Z');
    await server.engine.tick();
    expect(prune).toHaveBeenCalledTimes(1);
    release();
    await server.engine.runUntilIdle();
  });
});

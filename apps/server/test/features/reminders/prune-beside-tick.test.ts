import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { type PruneBatch, RetentionRepository } from '../../../src/features/reminders/retention.repository';
import { TEST_ENGINE } from '../../support/test-database';
import {
  RecordingSender,
  type ReminderServer,
  morningDoseUser,
  startReminderServer,
} from './reminder-harness';

/**
 * Every 10 minutes the engine deletes what is past its use (decision 276). After a busy hour that
 * is a delete of many rows; the tick that fires the next due second must not wait for it.
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
    const held = new Promise<PruneBatch>(
      (resolve) => (release = () => resolve({ locked: true, deleted: 0 })),
    );
    const prune = vi.spyOn(RetentionRepository.prototype, 'deleteBatch').mockReturnValue(held);

    await server.at('2026-11-21T06:59:00Z'); // the heads-up; no prune on the due second
    expect(prune).not.toHaveBeenCalled();
    server.clock.set('2026-11-21T06:59:30Z'); // nothing due, a quiet second: the engine's first prune
    await server.engine.tick();
    expect(prune).toHaveBeenCalledTimes(1);
    server.clock.set('2026-11-21T07:00:00Z'); // 08:00 Berlin
    await server.engine.tick();
    await server.app.reminders.queue?.idle();
    expect(sender.to(endpoint).map((s) => s.payload.notification.title)).toEqual([
      'Time for your Morning dose',
    ]);

    // The next tick does not start a second prune while the first one runs.
    server.clock.set('2026-11-21T07:20:30Z');
    await server.engine.tick();
    expect(prune).toHaveBeenCalledTimes(1);
    release();
    await server.engine.runUntilIdle();
  });
});

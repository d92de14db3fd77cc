import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RealtimeHub } from '../../../src/features/notifications/live/live-hub';
import { ActionTokenCodec } from '../../../src/features/reminders/action-tokens';
import { ReminderEngine, firstLane } from '../../../src/features/reminders/engine/reminder-engine';
import { InProcessQueue } from '../../../src/features/reminders/queue/in-process-queue';
import type { JobQueue } from '../../../src/features/reminders/queue/job-queue';
import { TEST_ENGINE } from '../../support/test-database';
import {
  RecordingSender,
  type ReminderServer,
  morningDoseUser,
  startReminderServer,
} from './reminder-harness';

const LANES = 4;
const silent = { info: () => undefined, warn: () => undefined, error: () => undefined };

/**
 * With BullMQ, a fire job whose worker was killed keeps its job id until its lock runs out and the
 * stalled-job check gives it up (up to 90 s); meanwhile the tick's `add` of that id does nothing.
 * A due set small enough for one lane must not wait for that: the next tick sends it through
 * another lane. Here a second worker (an engine with four lanes on the server's database) finds
 * lane 0 held that way.
 */
describe(`a fire lane held by a killed worker (${TEST_ENGINE})`, () => {
  const sender = new RecordingSender();
  let server: ReminderServer;
  const queue = new InProcessQueue();
  const laneIdsAdded: string[] = [];
  // BullMQ's answer while a dead worker's `fire-0` is still active: the add is dropped.
  const lane0Held: JobQueue = {
    kind: 'in-process',
    add(name, data, options) {
      if (name === 'fire') laneIdsAdded.push(String(options?.jobId));
      if (options?.jobId === 'fire-0') return Promise.resolve();
      return queue.add(name, data, options);
    },
    process: (handlers, concurrency) => queue.process(handlers, concurrency),
    waiting: () => queue.waiting(),
    idle: () => queue.idle(),
    close: () => queue.close(),
  };
  let worker: ReminderEngine;

  beforeAll(async () => {
    server = await startReminderServer({ now: '2026-11-21T05:00:00Z', sender });
    worker = new ReminderEngine({
      db: server.database.handle.db,
      clock: server.clock,
      queue: lane0Held,
      realtime: new RealtimeHub(),
      sender,
      tokens: new ActionTokenCodec('held-lane-test-secret-0123456789abcdef', 3_600_000),
      log: silent,
      batchSize: 100,
      lanes: LANES,
      pushConcurrency: 4,
      pushLeaseMs: 60_000,
      maxPushAttempts: 3,
      pushTtlSeconds: 3600,
    });
    await queue.process(worker.handlers(), 2);
  });
  afterAll(async () => {
    await worker.stop();
    await queue.close();
    await server.close();
  });

  it('sends the reminder through the next lane a second later', async () => {
    const { user, endpoint } = await morningDoseUser(server, 'held');

    const due = new Date('2026-11-21T07:00:00Z'); // 08:00 Berlin, a second whose lane is 0
    expect(firstLane(due, LANES)).toBe(0);
    server.clock.set(due);
    await worker.tick();
    await queue.idle();
    expect(sender.to(endpoint)).toEqual([]); // lane 0 is held: nothing fired yet

    server.clock.set(new Date(due.getTime() + 1000));
    await worker.tick();
    await queue.idle();
    expect(laneIdsAdded).toEqual(['fire-0', 'fire-1']);
    expect(sender.to(endpoint).map((s) => s.payload.notification.title)).toEqual([
      'Time for your Morning dose',
    ]);
    expect((await user.notifications()).map((n) => n.title)).toEqual(['Time for your Morning dose']);
  });
});

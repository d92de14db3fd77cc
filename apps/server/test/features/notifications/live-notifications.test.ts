import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_ENGINE } from '../../support/test-database';
import {
  type ReminderServer,
  createUser,
  deleteRedisPrefix,
  openEventStream,
  probeRedis,
  startReminderServer,
} from '../reminders/reminder-harness';

describe(`live in-app bell over the tRPC SSE subscription (${TEST_ENGINE})`, () => {
  let server: ReminderServer;
  beforeAll(async () => {
    server = await startReminderServer({ now: '2026-11-21T05:00:00Z' });
  });
  afterAll(() => server.close());

  it('pushes each stored notification to the user’s open tab, and only to theirs', async () => {
    const me = await createUser(server, { timezone: 'UTC' });
    await me.addMedicine({ name: 'Aspirin', dosage: '500mg', frequency: '1-0-0' });
    const other = await createUser(server, { timezone: 'UTC' });
    const mine = openEventStream(`${server.baseUrl}/trpc/push.notifications`, { cookie: me.api.cookie! });
    const theirs = openEventStream(`${server.baseUrl}/trpc/push.notifications`, {
      cookie: other.api.cookie!,
    });
    await Promise.all([mine.ready, theirs.ready]);
    await server.at('2026-11-21T08:00:00Z');
    const [event] = await mine.waitFor(1);
    const [stored] = await me.notifications();
    expect(event).toEqual(stored);
    expect(event).toMatchObject({ title: 'Time for your Morning dose', message: 'Aspirin (500mg)' });
    expect(theirs.events).toEqual([]);
    await Promise.all([mine.close(), theirs.close()]);
  });

  it('refuses a stream without a session or token', async () => {
    const response = await fetch(`${server.baseUrl}/trpc/push.notifications`, {
      headers: { accept: 'text/event-stream' },
    });
    const text = await response.text();
    expect(text).toContain('UNAUTHORIZED');
    expect(text).not.toMatch(/Time for your/);
  });
});

const redisUrl = await probeRedis();

describe.skipIf(!redisUrl)(`live bell across server processes through Redis pub/sub (${TEST_ENGINE})`, () => {
  const prefix = `medrem-test-${randomBytes(4).toString('hex')}`;
  let worker: ReminderServer;
  let web: ReminderServer;
  beforeAll(async () => {
    worker = await startReminderServer({
      now: '2026-11-21T05:00:00Z',
      env: { REDIS_URL: redisUrl!, REDIS_KEY_PREFIX: prefix },
    });
    // A second server on the same database that runs no engine: it only serves tabs.
    web = await startReminderServer({
      now: '2026-11-21T05:00:00Z',
      shareWith: worker,
      env: { REDIS_URL: redisUrl!, REDIS_KEY_PREFIX: prefix, REMINDER_WORKER: 'off' },
    });
  });
  afterAll(async () => {
    await web?.close();
    await worker?.close();
    if (redisUrl) await deleteRedisPrefix(redisUrl, prefix);
  });

  it('a reminder fired by one process reaches a tab connected to another', async () => {
    expect(web.app.reminders.engine).toBeUndefined();
    const me = await createUser(web, { timezone: 'UTC' });
    await me.addMedicine({ name: 'Aspirin', dosage: '500mg', frequency: '1-0-0' });
    const tab = openEventStream(`${web.baseUrl}/trpc/push.notifications`, { cookie: me.api.cookie! });
    await tab.ready;
    await worker.at('2026-11-21T08:00:00Z'); // BullMQ queue on Redis, engine in `worker`
    const [event] = await tab.waitFor(1, 10_000);
    expect(event).toMatchObject({ title: 'Time for your Morning dose', message: 'Aspirin (500mg)' });
    await tab.close();
  });
});

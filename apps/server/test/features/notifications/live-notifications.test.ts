import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_ENGINE } from '../../support/test-database';
import {
  type ReminderServer,
  createUser,
  openEventStream,
  probeRedis,
  startReminderServer,
} from '../reminders/reminder-harness';
import { twoProcessesAroundTests } from '../reminders/two-processes.support';

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
  const servers = twoProcessesAroundTests(redisUrl!);

  it('a reminder fired by one process reaches a tab connected to another', async () => {
    expect(servers.two.app.reminders.engine).toBeUndefined();
    const me = await createUser(servers.two, { timezone: 'UTC' });
    await me.addMedicine({ name: 'Aspirin', dosage: '500mg', frequency: '1-0-0' });
    const tab = openEventStream(`${servers.two.baseUrl}/trpc/push.notifications`, { cookie: me.api.cookie! });
    await tab.ready;
    await servers.one.at('2026-11-21T08:00:00Z'); // BullMQ queue on Redis, engine in `worker`
    const [event] = await tab.waitFor(1, 10_000);
    expect(event).toMatchObject({ title: 'Time for your Morning dose', message: 'Aspirin (500mg)' });
    await tab.close();
  });

  it('one message carries a whole fire batch, each notification to its own user’s tab', async () => {
    const a = await createUser(servers.two, { timezone: 'UTC' });
    const b = await createUser(servers.two, { timezone: 'UTC' });
    await a.addMedicine({ name: 'Aspirin', dosage: '500mg', frequency: '0-1-0' });
    await b.addMedicine({ name: 'Ibuprofen', dosage: '200mg', frequency: '0-1-0' });
    const tabA = openEventStream(`${servers.two.baseUrl}/trpc/push.notifications`, { cookie: a.api.cookie! });
    const tabB = openEventStream(`${servers.two.baseUrl}/trpc/push.notifications`, { cookie: b.api.cookie! });
    await Promise.all([tabA.ready, tabB.ready]);
    const published: string[] = [];
    const listener = new Redis(redisUrl!);
    await listener.subscribe(`${servers.prefix}:notifications`);
    listener.on('message', (_channel: string, text: string) => published.push(text));
    await servers.one.at('2026-11-21T14:00:00Z');
    const [[eventA], [eventB]] = await Promise.all([tabA.waitFor(1, 10_000), tabB.waitFor(1, 10_000)]);
    expect(eventA).toMatchObject({ message: 'Aspirin (500mg)' });
    expect(eventB).toMatchObject({ message: 'Ibuprofen (200mg)' });
    // Both reminders fired in one batch, and the batch went out as one Redis message.
    const batches = published.map((text) => (JSON.parse(text) as { userId: string }[]).map((m) => m.userId));
    expect(batches.filter((users) => users.includes(a.id) && users.includes(b.id))).toHaveLength(1);
    expect(batches.flat().filter((user) => user === a.id || user === b.id)).toHaveLength(2);
    await Promise.all([tabA.close(), tabB.close(), listener.quit()]);
  });

  it('still delivers a single message, as a process of the release before publishes it', async () => {
    const me = await createUser(servers.two, { timezone: 'UTC' });
    const tab = openEventStream(`${servers.two.baseUrl}/trpc/push.notifications`, { cookie: me.api.cookie! });
    await tab.ready;
    const notification = {
      id: randomUUID(),
      type: 'reminder',
      title: 'Time for your Evening dose',
      message: 'Aspirin (500mg)',
      medicineName: 'Aspirin',
      createdAt: '2026-11-21T18:00:00.000Z',
      isRead: false,
    };
    const publisher = new Redis(redisUrl!);
    await publisher.publish(
      `${servers.prefix}:notifications`,
      JSON.stringify({ userId: me.id, notification }),
    );
    const [event] = await tab.waitFor(1, 10_000);
    expect(event).toMatchObject({ id: notification.id, title: 'Time for your Evening dose' });
    await Promise.all([tab.close(), publisher.quit()]);
  });
});

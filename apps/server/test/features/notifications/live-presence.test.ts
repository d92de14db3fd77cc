import { randomBytes, randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import type { Notification } from '@medrem/contract';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RealtimeHub } from '../../../src/features/notifications/live/live-hub';
import { RedisRealtimeBridge } from '../../../src/features/notifications/live/redis-live-bridge';
import { deleteRedisPrefix, probeRedis } from '../reminders/reminder-harness';

const redisUrl = await probeRedis();

const notification = (message: string): Notification => ({
  id: randomUUID(),
  type: 'reminder',
  title: 'Time for your Morning dose',
  message,
  medicineName: 'Aspirin',
  link: null,
  createdAt: '2026-11-21T08:00:00.000Z',
  isRead: false,
});

/**
 * Decision 018: a publisher sends only the messages of users some process has a tab open for. Two
 * hubs stand for two processes (a worker that publishes, a server with tabs); a raw subscriber sees
 * what actually goes over Redis. The presence TTL is 300 ms here, so renewal and expiry both show.
 */
describe.skipIf(!redisUrl)('live notifications only for users with an open tab (Redis presence)', () => {
  const prefix = `medrem-test-${randomBytes(4).toString('hex')}`;
  const channel = `${prefix}:notifications`;
  const ttl = 300;
  const server = new RealtimeHub();
  const worker = new RealtimeHub();
  const wire: { userId: string }[][] = [];
  let listener: Redis;

  beforeAll(async () => {
    const bridge = () => new RedisRealtimeBridge(redisUrl!, prefix, () => undefined, { presenceTtlMs: ttl });
    await server.connect(bridge());
    await worker.connect(bridge());
    listener = new Redis(redisUrl!);
    await listener.subscribe(channel);
    listener.on('message', (_channel: string, text: string) =>
      wire.push(JSON.parse(text) as { userId: string }[]),
    );
  });
  afterAll(async () => {
    await Promise.all([server.disconnect(), worker.disconnect(), listener?.quit()]);
    if (redisUrl) await deleteRedisPrefix(redisUrl, prefix);
  });

  /** Opens a tab's stream in `server` and collects what it yields until `stop` aborts. */
  const openTab = (userId: string) => {
    const stop = new AbortController();
    const seen: Notification[] = [];
    const stream = server.stream(userId, stop.signal);
    const done = (async () => {
      for await (const n of stream) seen.push(n);
    })();
    return { seen, close: async () => (stop.abort(), await done) };
  };
  const until = async (check: () => boolean) => {
    for (let i = 0; i < 100 && !check(); i++) await sleep(20);
    expect(check()).toBe(true);
  };
  /**
   * Publishes `messages` through the worker, then a marker for a user with a tab open here; returns
   * the users of each Redis message before the marker's (pub/sub keeps one connection's order).
   */
  const wireAfter = async (messages: { userId: string; notification: Notification }[]) => {
    const marker = randomUUID();
    const tab = openTab(marker);
    await sleep(50); // the stream tells Redis before it waits for its first message
    wire.length = 0;
    await worker.publishMany(messages);
    await worker.publishMany([{ userId: marker, notification: notification('marker') }]);
    await until(() => tab.seen.length === 1);
    await until(() => wire.some((m) => m[0]?.userId === marker));
    await tab.close();
    return wire.filter((m) => m[0]?.userId !== marker).map((m) => m.map((n) => n.userId));
  };

  it('publishes the users with a tab open, leaves out those without', async () => {
    const [withTab, withoutTab] = [randomUUID(), randomUUID()];
    const tab = openTab(withTab);
    await sleep(50);
    const published = await wireAfter([
      { userId: withoutTab, notification: notification('no one sees this') },
      { userId: withTab, notification: notification('Aspirin (500mg)') },
    ]);
    expect(published).toEqual([[withTab]]);
    await until(() => tab.seen.length === 1);
    expect(tab.seen[0]).toMatchObject({ message: 'Aspirin (500mg)' });
    await tab.close();
  });

  it('publishes nothing at all when none of the users has a tab open', async () => {
    expect(await wireAfter([{ userId: randomUUID(), notification: notification('nobody') }])).toEqual([]);
  });

  it('a tab open for many TTLs stays known (renewed), and is forgotten a TTL after it closes', async () => {
    const userId = randomUUID();
    const tab = openTab(userId);
    await sleep(ttl * 4);
    await worker.publishMany([{ userId, notification: notification('still open') }]);
    await until(() => tab.seen.length === 1);
    await tab.close();
    await sleep(ttl * 2);
    expect(await wireAfter([{ userId, notification: notification('closed') }])).toEqual([]);
  });

  it('a user’s tabs in another process keep the user known after this process’s tab closes', async () => {
    const userId = randomUUID();
    const second = new RealtimeHub();
    await second.connect(new RedisRealtimeBridge(redisUrl!, prefix, () => undefined, { presenceTtlMs: ttl }));
    const stop = new AbortController();
    const elsewhere: Notification[] = [];
    const done = (async () => {
      for await (const n of second.stream(userId, stop.signal)) elsewhere.push(n);
    })();
    const here = openTab(userId);
    await sleep(50);
    await here.close();
    await sleep(ttl * 3);
    await worker.publishMany([{ userId, notification: notification('to the other tab') }]);
    await until(() => elsewhere.length === 1);
    stop.abort();
    await done;
    await second.disconnect();
  });
});

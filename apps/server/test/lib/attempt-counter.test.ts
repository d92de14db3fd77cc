import { Redis } from 'ioredis';
import { randomBytes } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import {
  type AttemptCounter,
  MemoryAttemptCounter,
  RedisAttemptCounter,
} from '../../src/lib/attempt-counter';

const WINDOW = 60_000;
const redisUrl = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const redis = new Redis(redisUrl, { lazyConnect: true, maxRetriesPerRequest: 1 });
const redisUp = await redis.connect().then(
  () => true,
  () => false,
);
if (!redisUp) console.warn(`SKIPPED: Redis attempt-counter tests — no Redis at ${redisUrl}`);
afterAll(async () => {
  if (redisUp) await redis.quit();
});

const counters: [string, () => AttemptCounter, boolean][] = [
  ['memory', () => new MemoryAttemptCounter(WINDOW), true],
  [
    'redis',
    () => new RedisAttemptCounter(redis, WINDOW, `medrem:test:${randomBytes(4).toString('hex')}:`),
    redisUp,
  ],
];

describe.each(counters)('%s attempt counter', (_name, make, available) => {
  it.skipIf(!available)('counts inside the window, forgets after it, and resets', async () => {
    const counter = make();
    const t0 = new Date('2026-01-01T00:00:00Z');
    expect(await counter.add('k', t0)).toBe(1);
    expect(await counter.add('k', new Date(t0.getTime() + 30_000))).toBe(2);
    expect(await counter.count('other', t0)).toBe(0);
    expect(await counter.count('k', new Date(t0.getTime() + 59_000))).toBe(2);
    // The first attempt leaves the window; the second is still inside it.
    expect(await counter.count('k', new Date(t0.getTime() + 61_000))).toBe(1);
    await counter.reset('k');
    expect(await counter.count('k', new Date(t0.getTime() + 61_000))).toBe(0);
  });
});

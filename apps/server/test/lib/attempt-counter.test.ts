import { Redis } from 'ioredis';
import { randomBytes } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import {
  type AttemptCounter,
  MemoryAttemptCounter,
  RedisAttemptCounter,
} from '../../src/lib/attempt-counter';
import { addressKey } from '../../src/lib/client-address';

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

describe('memory attempt counter bounds (issue 8, finding 6)', () => {
  it('forgets keys once their window passed and never holds more than its cap', async () => {
    const counter = new MemoryAttemptCounter(WINDOW, 100);
    const t0 = new Date('2026-01-01T00:00:00Z');
    for (let i = 0; i < 1000; i += 1) await counter.add(`ip:${i}`, t0);
    expect(counter.size).toBeLessThanOrEqual(100);
    // The newest keys are the ones kept.
    expect(await counter.count('ip:999', t0)).toBe(1);
    await counter.add('late', new Date(t0.getTime() + 2 * WINDOW));
    expect(counter.size).toBe(1);
  });

  it('takes back one attempt by its id', async () => {
    const counter = new MemoryAttemptCounter(WINDOW);
    const t0 = new Date('2026-01-01T00:00:00Z');
    await counter.add('k', t0, 'a');
    expect(await counter.add('k', t0, 'b')).toBe(2);
    await counter.remove('k', 'a');
    expect(await counter.count('k', t0)).toBe(1);
  });
});

describe('addressKey: the unit a per-address limit counts', () => {
  it('counts IPv4 per address and IPv6 per /64 (finding 6)', () => {
    expect(addressKey('203.0.113.7')).toBe('203.0.113.7');
    expect(addressKey('::ffff:203.0.113.7')).toBe('203.0.113.7');
    const a = addressKey('2001:db8:1:2:aaaa:bbbb:cccc:dddd');
    expect(a).toBe('2001:db8:1:2::/64');
    expect(addressKey('2001:0db8:0001:0002::1')).toBe(a);
    expect(addressKey('2001:db8:1:3::1')).not.toBe(a);
    expect(addressKey('::1')).toBe('0:0:0:0::/64');
  });
});

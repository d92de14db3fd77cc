import { describe, expect, it } from 'vitest';
import { type InvalidationBus, LocalInvalidationBus } from '../../src/lib/invalidation-bus';
import { PerUserCache } from '../../src/lib/per-user-cache';

/** A bus whose liveness the test sets, and whose messages it can hold back (another process's). */
class TestBus extends LocalInvalidationBus implements InvalidationBus {
  live = true;
  override isLive(): boolean {
    return this.live;
  }
}

function counter(values: string[]) {
  let calls = 0;
  return {
    load: () => Promise.resolve(values[Math.min(calls++, values.length - 1)]!),
    get calls() {
      return calls;
    },
  };
}

describe('PerUserCache', () => {
  it('reads the database once per user until that user is forgotten', async () => {
    const cache = new PerUserCache<string>('caller', new TestBus(), { ttlMs: 60_000, maxEntries: 10 });
    const source = counter(['v1', 'v2']);
    expect(await cache.get('u1', source.load)).toBe('v1');
    expect(await cache.get('u1', source.load)).toBe('v1');
    expect(source.calls).toBe(1);
    await cache.forget('u1');
    expect(await cache.get('u1', source.load)).toBe('v2');
    expect(source.calls).toBe(2);
  });

  it('keeps users apart, and a forget for another cache name leaves it alone', async () => {
    const bus = new TestBus();
    const callers = new PerUserCache<string>('caller', bus, { ttlMs: 60_000, maxEntries: 10 });
    const settings = new PerUserCache<string>('settings', bus, { ttlMs: 60_000, maxEntries: 10 });
    const a = counter(['a1', 'a2']);
    const b = counter(['b1', 'b2']);
    await callers.get('a', a.load);
    await callers.get('b', b.load);
    await settings.forget('a');
    await callers.forget('b');
    expect(await callers.get('a', a.load)).toBe('a1');
    expect(await callers.get('b', b.load)).toBe('b2');
  });

  it('serves nothing while the bus cannot hear other processes, and forgets all when it hears again', async () => {
    const bus = new TestBus();
    const cache = new PerUserCache<string>('caller', bus, { ttlMs: 60_000, maxEntries: 10 });
    const source = counter(['v1', 'v2', 'v3']);
    await cache.get('u1', source.load);
    bus.live = false;
    expect(await cache.get('u1', source.load)).toBe('v2');
    expect(await cache.get('u1', source.load)).toBe('v3');
    expect(source.calls).toBe(3);
    bus.live = true;
    await bus.publish(undefined as unknown as string); // what a (re)subscription announces
    await cache.get('u1', source.load);
    expect(source.calls).toBe(4);
  });

  it('does not keep a value read while an invalidation arrived (the read may predate the change)', async () => {
    const bus = new TestBus();
    const cache = new PerUserCache<string>('caller', bus, { ttlMs: 60_000, maxEntries: 10 });
    let calls = 0;
    const racing = async () => {
      calls += 1;
      if (calls === 1) await cache.forget('u1'); // a revocation commits while the first read runs
      return `v${calls}`;
    };
    expect(await cache.get('u1', racing)).toBe('v1');
    expect(await cache.get('u1', racing)).toBe('v2');
    expect(await cache.get('u1', racing)).toBe('v2');
    expect(calls).toBe(2);
  });

  it('drops entries after their time to live, and the least recent user when full', async () => {
    let now = 0;
    const cache = new PerUserCache<string>('caller', new TestBus(), {
      ttlMs: 1000,
      maxEntries: 2,
      now: () => now,
    });
    const a = counter(['a1', 'a2', 'a3']);
    const b = counter(['b1']);
    const c = counter(['c1']);
    await cache.get('a', a.load);
    now = 999;
    await cache.get('a', a.load);
    expect(a.calls).toBe(1);
    now = 1000;
    await cache.get('a', a.load);
    expect(a.calls).toBe(2);
    await cache.get('b', b.load);
    await cache.get('c', c.load); // full: 'a' is the oldest entry
    await cache.get('b', b.load);
    await cache.get('a', a.load);
    expect([a.calls, b.calls, c.calls]).toEqual([3, 1, 1]);
  });

  it('does not keep a value the caller calls uncacheable ("no such user")', async () => {
    const cache = new PerUserCache<string | null>('caller', new TestBus(), { ttlMs: 60_000, maxEntries: 10 });
    let calls = 0;
    const missing = () => {
      calls += 1;
      return Promise.resolve(null);
    };
    await cache.get('u1', missing, (v) => v !== null);
    await cache.get('u1', missing, (v) => v !== null);
    expect(calls).toBe(2);
  });

  it('with an owner, drops every entry of a user when the owner cache forgets them (decision 266)', async () => {
    const bus = new TestBus();
    const callers = new PerUserCache<string>('caller', bus, { ttlMs: 60_000, maxEntries: 10 });
    type Grant = { userId: string; n: number } | null;
    const grants = new PerUserCache<Grant>('pat', bus, {
      ttlMs: 60_000,
      maxEntries: 10,
      owner: { cache: 'caller', of: (grant) => grant?.userId },
    });
    let reads = 0;
    const load = (userId: string) => () => Promise.resolve({ userId, n: ++reads });
    await grants.get('hash-a1', load('a'));
    await grants.get('hash-a2', load('a'));
    await grants.get('hash-b1', load('b'));
    expect(reads).toBe(3);
    await callers.forget('a');
    expect((await grants.get('hash-a1', load('a')))?.n).toBe(4);
    expect((await grants.get('hash-a2', load('a')))?.n).toBe(5);
    // Another user's token stays cached.
    expect((await grants.get('hash-b1', load('b')))?.n).toBe(3);
  });
});

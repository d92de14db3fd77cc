/** Counts events per key inside a sliding time window (failed sign-ins here). */
export interface AttemptCounter {
  count(key: string, now: Date): Promise<number>;
  /** Records one event (named `id`, so it can be taken back) and returns the count including it. */
  add(key: string, now: Date, id?: string): Promise<number>;
  /** Takes back one event recorded with `id` (a sign-in that turned out to be right). */
  remove(key: string, id: string): Promise<void>;
  reset(key: string): Promise<void>;
}

/** Keys the memory counter holds at most; the oldest go first (an attacker cannot grow it for ever). */
export const MEMORY_COUNTER_MAX_KEYS = 10_000;

/** One process's memory: right for the embedded default; several processes use the Redis one. */
export class MemoryAttemptCounter implements AttemptCounter {
  private readonly hits = new Map<string, { t: number; id: string }[]>();
  constructor(
    private readonly windowMs: number,
    private readonly maxKeys = MEMORY_COUNTER_MAX_KEYS,
  ) {}

  /** How many keys are held (tests: the map must not grow without bound). */
  get size(): number {
    return this.hits.size;
  }

  private live(key: string, now: Date) {
    const since = now.getTime() - this.windowMs;
    const kept = (this.hits.get(key) ?? []).filter((h) => h.t > since);
    this.hits.delete(key);
    // Re-inserted last: the Map's order is then least recently used first.
    if (kept.length) this.hits.set(key, kept);
    return kept;
  }

  async count(key: string, now: Date): Promise<number> {
    return this.live(key, now).length;
  }

  async add(key: string, now: Date, id = Math.random().toString(36).slice(2)): Promise<number> {
    const kept = this.live(key, now);
    kept.push({ t: now.getTime(), id });
    this.hits.set(key, kept);
    this.evict(now);
    return kept.length;
  }

  async remove(key: string, id: string): Promise<void> {
    const kept = (this.hits.get(key) ?? []).filter((h) => h.id !== id);
    if (kept.length) this.hits.set(key, kept);
    else this.hits.delete(key);
  }

  async reset(key: string): Promise<void> {
    this.hits.delete(key);
  }

  /** Drops expired keys from the old end, then the least recently used ones above the cap. */
  private evict(now: Date): void {
    const since = now.getTime() - this.windowMs;
    for (const [key, list] of this.hits) {
      if (this.hits.size <= this.maxKeys && list.some((h) => h.t > since)) break;
      this.hits.delete(key);
    }
  }
}

/** Minimal slice of an ioredis client that the counter uses. */
interface RedisLike {
  multi(): {
    zremrangebyscore(key: string, min: number, max: number): unknown;
    zadd(key: string, score: number, member: string): unknown;
    zcard(key: string): unknown;
    pexpire(key: string, ms: number): unknown;
    exec(): Promise<[Error | null, unknown][] | null>;
  };
  del(key: string): Promise<number>;
  zrem(key: string, member: string): Promise<number>;
}

/** A sliding window in a Redis sorted set: every server process sees the same failures. */
export class RedisAttemptCounter implements AttemptCounter {
  constructor(
    private readonly redis: RedisLike,
    private readonly windowMs: number,
    private readonly prefix = 'medrem:attempts:',
  ) {}

  private async run(key: string, now: Date, record: string | undefined): Promise<number> {
    const k = this.prefix + key;
    const t = now.getTime();
    const tx = this.redis.multi();
    tx.zremrangebyscore(k, 0, t - this.windowMs);
    if (record) tx.zadd(k, t, record);
    tx.zcard(k);
    tx.pexpire(k, this.windowMs);
    const results = await tx.exec();
    const card = results?.[record ? 2 : 1];
    if (!card || card[0]) throw card?.[0] ?? new Error('redis transaction failed');
    return Number(card[1]);
  }

  count(key: string, now: Date): Promise<number> {
    return this.run(key, now, undefined);
  }

  add(key: string, now: Date, id = Math.random().toString(36).slice(2)): Promise<number> {
    return this.run(key, now, id);
  }

  async remove(key: string, id: string): Promise<void> {
    await this.redis.zrem(this.prefix + key, id);
  }

  async reset(key: string): Promise<void> {
    await this.redis.del(this.prefix + key);
  }
}

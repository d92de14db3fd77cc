/** Counts events per key inside a sliding time window (failed sign-ins here). */
export interface AttemptCounter {
  count(key: string, now: Date): Promise<number>;
  add(key: string, now: Date): Promise<number>;
  reset(key: string): Promise<void>;
}

/** One process's memory: right for the embedded default; several processes use the Redis one. */
export class MemoryAttemptCounter implements AttemptCounter {
  private readonly hits = new Map<string, number[]>();
  constructor(private readonly windowMs: number) {}

  private live(key: string, now: Date): number[] {
    const since = now.getTime() - this.windowMs;
    const kept = (this.hits.get(key) ?? []).filter((t) => t > since);
    if (kept.length) this.hits.set(key, kept);
    else this.hits.delete(key);
    return kept;
  }

  async count(key: string, now: Date): Promise<number> {
    return this.live(key, now).length;
  }

  async add(key: string, now: Date): Promise<number> {
    const kept = this.live(key, now);
    kept.push(now.getTime());
    this.hits.set(key, kept);
    return kept.length;
  }

  async reset(key: string): Promise<void> {
    this.hits.delete(key);
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
}

/** A sliding window in a Redis sorted set: every server process sees the same failures. */
export class RedisAttemptCounter implements AttemptCounter {
  constructor(
    private readonly redis: RedisLike,
    private readonly windowMs: number,
    private readonly prefix = 'medrem:attempts:',
  ) {}

  private async run(key: string, now: Date, record: boolean): Promise<number> {
    const k = this.prefix + key;
    const t = now.getTime();
    const tx = this.redis.multi();
    tx.zremrangebyscore(k, 0, t - this.windowMs);
    if (record) tx.zadd(k, t, `${t}:${Math.random().toString(36).slice(2)}`);
    tx.zcard(k);
    tx.pexpire(k, this.windowMs);
    const results = await tx.exec();
    const card = results?.[record ? 2 : 1];
    if (!card || card[0]) throw card?.[0] ?? new Error('redis transaction failed');
    return Number(card[1]);
  }

  count(key: string, now: Date): Promise<number> {
    return this.run(key, now, false);
  }

  add(key: string, now: Date): Promise<number> {
    return this.run(key, now, true);
  }

  async reset(key: string): Promise<void> {
    await this.redis.del(this.prefix + key);
  }
}

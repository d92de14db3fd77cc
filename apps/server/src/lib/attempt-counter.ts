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

import type { InvalidationBus } from './invalidation-bus';

interface Entry<T> {
  value: T;
  until: number;
}

/**
 * A small per-process cache of one fact per user (who a token's user is, their time zone), so a
 * request does not pay a database round trip for what changes a few times a year. Correct across
 * processes through the bus: a change anywhere calls `forget`, every process drops its entry. It
 * serves nothing while the bus is not live, keeps entries at most `ttlMs` (a backstop, not the
 * mechanism), and never stores a value read while an invalidation arrived (the read may predate it).
 */
export class PerUserCache<T> {
  private readonly entries = new Map<string, Entry<T>>();
  /** Bumped by every invalidation: a load that saw it change may hold an old value. */
  private epoch = 0;

  constructor(
    private readonly name: string,
    private readonly bus: InvalidationBus,
    private readonly options: {
      ttlMs: number;
      maxEntries: number;
      now?: () => number;
      /**
       * For facts kept by a key of their own (a personal token's hash) that belong to a user: every
       * entry of that user is dropped too when the cache named `cache` forgets the user (decision 266).
       */
      owner?: { cache: string; of: (value: T) => string | undefined };
    },
  ) {
    bus.subscribe((key) => {
      this.epoch += 1;
      if (key === undefined) this.entries.clear();
      else if (key.startsWith(`${name}:`)) this.entries.delete(key.slice(name.length + 1));
      else if (options.owner && key.startsWith(`${options.owner.cache}:`)) {
        this.forgetOwned(options.owner.of, key.slice(options.owner.cache.length + 1));
      }
    });
  }

  private forgetOwned(ownerOf: (value: T) => string | undefined, userId: string): void {
    for (const [key, entry] of this.entries) if (ownerOf(entry.value) === userId) this.entries.delete(key);
  }

  /** The cached value, or `load()`'s (cached when `cacheable` says so, e.g. not for "no such user"). */
  async get(
    userId: string,
    load: () => Promise<T>,
    cacheable: (value: T) => boolean = () => true,
  ): Promise<T> {
    const now = this.now();
    if (this.bus.isLive()) {
      const entry = this.entries.get(userId);
      if (entry && entry.until > now) return entry.value;
    }
    const epoch = this.epoch;
    const value = await load();
    if (this.bus.isLive() && epoch === this.epoch && cacheable(value)) this.store(userId, value, now);
    return value;
  }

  /** After a change is committed: every process drops what it holds for this user. */
  async forget(userId: string): Promise<void> {
    await this.bus.publish(`${this.name}:${userId}`);
  }

  private store(userId: string, value: T, now: number): void {
    if (this.entries.size >= this.options.maxEntries) {
      // Oldest first (a Map keeps insertion order): a full cache drops the user not seen the longest.
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.entries.delete(oldest);
    }
    this.entries.delete(userId);
    this.entries.set(userId, { value, until: now + this.options.ttlMs });
  }

  private now(): number {
    return this.options.now?.() ?? Date.now();
  }
}

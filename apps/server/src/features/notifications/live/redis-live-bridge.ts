import type { Redis } from 'ioredis';
import { redisConnection } from '../../../lib/redis-connection';
import type { RealtimeBridge, RealtimeMessage } from './live-hub';

/** Users looked up per MGET, and presence keys written per pipeline. */
const PRESENCE_CHUNK = 1000;

/**
 * Redis pub/sub between server and worker processes: one channel, one subscriber connection each.
 * Only the messages of users with an open tab somewhere are published (decision 018): each process
 * keeps a key per user it has tabs for (`<prefix>:live:<user id>`, expiring unless renewed), and a
 * publisher looks the batch's users up first. At a busy instant most users have no tab open, and
 * every process would otherwise parse every user's notification.
 */
export class RedisRealtimeBridge implements RealtimeBridge {
  private readonly publisher: Redis;
  private subscriber: Redis | undefined;
  private renewer: NodeJS.Timeout | undefined;
  private readonly channel: string;
  private readonly presencePrefix: string;
  private readonly presenceTtlMs: number;
  private readonly subscribes: boolean;

  constructor(
    private readonly redisUrl: string,
    keyPrefix: string,
    private readonly onOutage: (error: Error) => void,
    options: {
      /** How long a process's word that it has a user's tab open lasts; renewed at a third of it. */
      presenceTtlMs?: number;
      /**
       * Whether this process serves open tabs and so hears the channel (default true). A worker
       * process has none: it only publishes, and a subscription would make it parse every message
       * any process publishes, for nobody.
       */
      subscribe?: boolean;
    } = {},
  ) {
    this.publisher = redisConnection(redisUrl, { lazyConnect: false, maxRetriesPerRequest: 3 }, onOutage);
    this.channel = `${keyPrefix}:notifications`;
    this.presencePrefix = `${keyPrefix}:live:`;
    this.presenceTtlMs = options.presenceTtlMs ?? 90_000;
    this.subscribes = options.subscribe ?? true;
  }

  async publish(messages: RealtimeMessage[]): Promise<void> {
    const users = [...new Set(messages.map((m) => m.userId))];
    const present = new Set<string>();
    for (let from = 0; from < users.length; from += PRESENCE_CHUNK) {
      const chunk = users.slice(from, from + PRESENCE_CHUNK);
      const found = await this.publisher.mget(chunk.map((user) => this.presencePrefix + user));
      chunk.forEach((user, i) => found[i] !== null && present.add(user));
    }
    const wanted = present.size === users.length ? messages : messages.filter((m) => present.has(m.userId));
    if (wanted.length > 0) await this.publisher.publish(this.channel, JSON.stringify(wanted));
  }

  async listen(userId: string): Promise<void> {
    await this.mark([userId]);
  }

  /** (Re)writes the presence keys of these users, each to expire a TTL from now. */
  private async mark(users: string[]): Promise<void> {
    for (let from = 0; from < users.length; from += PRESENCE_CHUNK) {
      const pipeline = this.publisher.pipeline();
      for (const user of users.slice(from, from + PRESENCE_CHUNK)) {
        pipeline.set(this.presencePrefix + user, '1', 'PX', this.presenceTtlMs);
      }
      await pipeline.exec();
    }
  }

  async start(deliver: (message: RealtimeMessage) => void, listening: () => Iterable<string>): Promise<void> {
    if (!this.subscribes) return;
    const subscriber = redisConnection(this.redisUrl, { maxRetriesPerRequest: null }, this.onOutage);
    subscriber.on('message', (channel: string, text: string) => {
      if (channel !== this.channel) return;
      try {
        // An array since decision 139; a single message from a process not yet upgraded.
        const parsed = JSON.parse(text) as RealtimeMessage | RealtimeMessage[];
        for (const message of Array.isArray(parsed) ? parsed : [parsed]) deliver(message);
      } catch {
        // a malformed message is dropped
      }
    });
    await subscriber.subscribe(this.channel);
    this.subscriber = subscriber;
    // A failed renewal (Redis away) is reported by the connection; the next one writes them again.
    this.renewer = setInterval(
      () => void this.mark([...listening()]).catch(() => undefined),
      this.presenceTtlMs / 3,
    );
    this.renewer.unref();
  }

  async close(): Promise<void> {
    clearInterval(this.renewer);
    await Promise.allSettled([this.subscriber?.quit(), this.publisher.quit()]);
  }
}

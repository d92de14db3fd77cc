import type { Redis } from 'ioredis';
import { redisConnection } from '../../../lib/redis-connection';
import type { RealtimeBridge, RealtimeMessage } from './live-hub';

/** Redis pub/sub between server and worker processes: one channel, one subscriber connection each. */
export class RedisRealtimeBridge implements RealtimeBridge {
  private readonly publisher: Redis;
  private subscriber: Redis | undefined;
  private readonly channel: string;

  constructor(
    private readonly redisUrl: string,
    keyPrefix: string,
    private readonly onOutage: (error: Error) => void,
  ) {
    this.publisher = redisConnection(redisUrl, { lazyConnect: false, maxRetriesPerRequest: 3 }, onOutage);
    this.channel = `${keyPrefix}:notifications`;
  }

  async publish(messages: RealtimeMessage[]): Promise<void> {
    await this.publisher.publish(this.channel, JSON.stringify(messages));
  }

  async start(deliver: (message: RealtimeMessage) => void): Promise<void> {
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
  }

  async close(): Promise<void> {
    await Promise.allSettled([this.subscriber?.quit(), this.publisher.quit()]);
  }
}

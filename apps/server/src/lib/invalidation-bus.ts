import type { Redis } from 'ioredis';
import { redisConnection } from './redis-connection';

/**
 * Tells every process of a deployment that something it may have cached for a user changed
 * (a revoked token, new settings, a deleted account). Caches may serve an entry only while their
 * bus is live: a process that cannot hear invalidations reads the database instead.
 */
export interface InvalidationBus {
  /** Delivered to every process's subscribers, this one included. */
  publish(key: string): Promise<void>;
  subscribe(listener: (key: string | undefined) => void): void;
  /** Whether invalidations from other processes reach this one now. */
  isLive(): boolean;
  close(): Promise<void>;
}

/** One process (the embedded default): every change is made here, so it is always heard. */
export class LocalInvalidationBus implements InvalidationBus {
  private readonly listeners: ((key: string | undefined) => void)[] = [];

  publish(key: string): Promise<void> {
    for (const listener of this.listeners) listener(key);
    return Promise.resolve();
  }

  subscribe(listener: (key: string | undefined) => void): void {
    this.listeners.push(listener);
  }

  isLive(): boolean {
    return true;
  }

  close(): Promise<void> {
    return Promise.resolve();
  }
}

/**
 * Redis pub/sub between server processes. Live only while the subscriber connection is subscribed;
 * when it (re)subscribes, listeners hear `undefined` ("forget everything"): messages sent while it
 * was away are lost.
 */
export class RedisInvalidationBus implements InvalidationBus {
  private readonly listeners: ((key: string | undefined) => void)[] = [];
  private readonly publisher: Redis;
  private readonly subscriber: Redis;
  private readonly channel: string;
  private live = false;
  /** One warning per outage, not one per reconnect attempt. */
  private reported = false;

  constructor(
    redisUrl: string,
    keyPrefix: string,
    private readonly onError: (error: Error) => void,
  ) {
    this.channel = `${keyPrefix}:invalidate`;
    // While Redis is away the caches simply bypass themselves; one warning per outage.
    this.publisher = redisConnection(redisUrl, { maxRetriesPerRequest: 2 }, (error) => this.report(error));
    this.subscriber = redisConnection(redisUrl, { maxRetriesPerRequest: null }, (error) =>
      this.report(error),
    );
    this.subscriber.on('message', (channel: string, key: string) => {
      if (channel === this.channel) this.emit(key);
    });
    this.subscriber.on('close', () => {
      this.live = false;
    });
    // ioredis re-subscribes by itself after a reconnect; 'ready' follows the re-subscription.
    this.subscriber.on('ready', () => {
      this.emit(undefined);
      this.live = true;
      this.reported = false;
    });
  }

  async start(): Promise<void> {
    await this.subscriber.subscribe(this.channel);
    this.emit(undefined);
    this.live = true;
  }

  async publish(key: string): Promise<void> {
    // Heard here at once, whatever Redis does; the others hear it through the channel.
    this.emit(key);
    // The change is committed; a lost message must not fail the request. Processes that miss it are
    // cut off from Redis too, so their caches are not live and serve nothing.
    await this.publisher.publish(this.channel, key).catch((error: unknown) => {
      this.report(error instanceof Error ? error : new Error(String(error)));
    });
  }

  subscribe(listener: (key: string | undefined) => void): void {
    this.listeners.push(listener);
  }

  isLive(): boolean {
    return this.live && this.subscriber.status === 'ready';
  }

  async close(): Promise<void> {
    this.live = false;
    await Promise.allSettled([this.subscriber.quit(), this.publisher.quit()]);
  }

  private report(error: Error): void {
    if (this.reported) return;
    this.reported = true;
    this.onError(error);
  }

  private emit(key: string | undefined): void {
    for (const listener of this.listeners) listener(key);
  }
}

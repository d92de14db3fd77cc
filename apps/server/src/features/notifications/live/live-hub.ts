import type { Notification } from '@medrem/contract';
import { EventEmitter, on } from 'node:events';

export interface RealtimeMessage {
  userId: string;
  notification: Notification;
}

/** Carries notifications between server processes (Redis pub/sub); absent in a single process. */
export interface RealtimeBridge {
  publish(message: RealtimeMessage): Promise<void>;
  /** Starts delivering every process's messages (its own included) to `deliver`. */
  start(deliver: (message: RealtimeMessage) => void): Promise<void>;
  close(): Promise<void>;
}

/**
 * Fan-out of stored notifications to the open tabs of their user. In one process an EventEmitter;
 * with a bridge, every publish goes through it and each process delivers to its own tabs.
 */
export class RealtimeHub {
  private readonly local = new EventEmitter();
  private bridge: RealtimeBridge | undefined;

  constructor() {
    this.local.setMaxListeners(0);
  }

  async connect(bridge: RealtimeBridge): Promise<void> {
    await bridge.start((message) => this.deliver(message));
    this.bridge = bridge;
  }

  async disconnect(): Promise<void> {
    const bridge = this.bridge;
    this.bridge = undefined;
    await bridge?.close();
  }

  private deliver(message: RealtimeMessage): void {
    this.local.emit(message.userId, message.notification);
  }

  async publish(userId: string, notification: Notification): Promise<void> {
    if (this.bridge) await this.bridge.publish({ userId, notification });
    else this.deliver({ userId, notification });
  }

  /** Notifications of one user as they are stored, until `signal` aborts. */
  async *stream(userId: string, signal: AbortSignal | undefined): AsyncGenerator<Notification> {
    try {
      for await (const [notification] of on(this.local, userId, signal ? { signal } : {})) {
        yield notification as Notification;
      }
    } catch (error) {
      if ((error as Error).name !== 'AbortError') throw error;
    }
  }

  listenerCount(userId: string): number {
    return this.local.listenerCount(userId);
  }
}

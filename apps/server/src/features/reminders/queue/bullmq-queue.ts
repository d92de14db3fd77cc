import type * as BullMq from 'bullmq';
import type { Queue, Worker } from 'bullmq';
import type { Redis } from 'ioredis';
import { redisConnection } from '../../../lib/redis-connection';
import type { JobHandler, JobOptions, JobQueue } from './job-queue';

const QUEUE_NAME = 'reminders';

/**
 * BullMQ on Redis: any number of worker processes share the jobs. Job ids deduplicate (a fire job
 * per parallel lane, a push job per lease), so many processes ticking at once add each job once.
 */
export class BullMqQueue implements JobQueue {
  readonly kind = 'bullmq' as const;
  private readonly connection: Redis;
  private readonly queue: Queue;
  private worker: Worker | undefined;

  /**
   * BullMQ is loaded here, only when REDIS_URL is set: the embedded server never needs it, and
   * loaded at start it held ~13 MiB of code and heap for the life of the process (decision 337).
   */
  static async open(
    redisUrl: string,
    prefix: string,
    onError?: (error: unknown, job: { name: string }) => void,
  ): Promise<BullMqQueue> {
    return new BullMqQueue(await import('bullmq'), redisUrl, prefix, onError);
  }

  private constructor(
    private readonly bullmq: typeof BullMq,
    private readonly redisUrl: string,
    private readonly prefix: string,
    private readonly onError: (error: unknown, job: { name: string }) => void = () => undefined,
  ) {
    this.connection = redisConnection(redisUrl, { maxRetriesPerRequest: null }, (error) =>
      this.onError(error, { name: 'queue connection' }),
    );
    this.queue = new bullmq.Queue(QUEUE_NAME, { connection: this.connection, prefix });
    // BullMQ re-emits its connection's errors on the queue, and prints them itself when nobody
    // listens. The connection already reported the outage once; report only errors of a live one.
    this.queue.on('error', (error) => {
      if (this.connection.status === 'ready') this.onError(error, { name: 'queue' });
    });
  }

  async add(name: string, data: Record<string, unknown>, options: JobOptions = {}): Promise<void> {
    await this.queue.add(name, data, {
      ...(options.jobId ? { jobId: options.jobId } : {}),
      attempts: options.attempts ?? 3,
      backoff: { type: 'exponential', delay: options.backoffMs ?? 1000 },
      removeOnComplete: true,
      removeOnFail: 1000,
    });
  }

  async process(handlers: Record<string, JobHandler>, concurrency: number): Promise<void> {
    this.worker = new this.bullmq.Worker(
      QUEUE_NAME,
      async (job) => {
        const handler = handlers[job.name];
        if (!handler) throw new Error(`no handler for job ${job.name}`);
        await handler(job.data as Record<string, unknown>);
      },
      {
        connection: redisConnection(this.redisUrl, { maxRetriesPerRequest: null }, (error) =>
          this.onError(error, { name: 'worker connection' }),
        ),
        prefix: this.prefix,
        concurrency,
        // Long fire loops must not be taken for stalled ones.
        lockDuration: 60_000,
      },
    );
    this.worker.on('failed', (job, error) => this.onError(error, { name: job?.name ?? 'unknown' }));
    this.worker.on('error', (error) => this.onError(error, { name: 'worker' }));
    await this.worker.waitUntilReady();
  }

  async waiting(): Promise<number> {
    return this.queue.getWaitingCount();
  }

  async idle(): Promise<void> {
    for (;;) {
      const counts = await this.queue.getJobCounts('waiting', 'active', 'delayed', 'prioritized');
      if (Object.values(counts).every((n) => n === 0)) return;
      await new Promise((r) => setTimeout(r, 50));
    }
  }

  async close(): Promise<void> {
    await this.worker?.close();
    await this.worker?.disconnect();
    await this.queue.close();
    await this.connection.quit().catch(() => undefined);
  }
}

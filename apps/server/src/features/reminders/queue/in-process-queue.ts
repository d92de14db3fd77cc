import type { JobHandler, JobOptions, JobQueue } from './job-queue';

interface Job {
  name: string;
  data: Record<string, unknown>;
  id: string | undefined;
  attempt: number;
  attempts: number;
  backoffMs: number;
}

/**
 * The embedded default: jobs run in this process with the same handlers BullMQ would run, with
 * job ids, bounded concurrency, retries and exponential back-off. Nothing survives a restart; the
 * engine's state is in the database, so the next tick re-creates what was lost.
 */
export class InProcessQueue implements JobQueue {
  readonly kind = 'in-process' as const;
  private readonly queued: Job[] = [];
  private readonly ids = new Set<string>();
  private handlers: Record<string, JobHandler> | undefined;
  private concurrency = 1;
  private running = 0;
  private delayed = 0;
  private closed = false;
  private idleWaiters: (() => void)[] = [];
  private readonly timers = new Set<NodeJS.Timeout>();

  constructor(private readonly onError: (error: unknown, job: { name: string }) => void = () => undefined) {}

  async add(name: string, data: Record<string, unknown>, options: JobOptions = {}): Promise<void> {
    if (this.closed) return;
    if (options.jobId) {
      if (this.ids.has(options.jobId)) return;
      this.ids.add(options.jobId);
    }
    this.queued.push({
      name,
      data,
      id: options.jobId,
      attempt: 1,
      attempts: options.attempts ?? 3,
      backoffMs: options.backoffMs ?? 1000,
    });
    this.pump();
  }

  async process(handlers: Record<string, JobHandler>, concurrency: number): Promise<void> {
    this.handlers = handlers;
    this.concurrency = Math.max(1, concurrency);
    this.pump();
  }

  private pump(): void {
    while (this.handlers && !this.closed && this.running < this.concurrency && this.queued.length > 0) {
      const job = this.queued.shift()!;
      this.running += 1;
      void this.run(job);
    }
    this.checkIdle();
  }

  private async run(job: Job): Promise<void> {
    const handler = this.handlers?.[job.name];
    try {
      if (!handler) throw new Error(`no handler for job ${job.name}`);
      await handler(job.data);
      if (job.id) this.ids.delete(job.id);
    } catch (error) {
      this.onError(error, job);
      if (job.attempt < job.attempts && !this.closed) {
        const delay = job.backoffMs * 2 ** (job.attempt - 1);
        this.delayed += 1;
        const timer = setTimeout(() => {
          this.timers.delete(timer);
          this.delayed -= 1;
          this.queued.push({ ...job, attempt: job.attempt + 1 });
          this.pump();
        }, delay);
        this.timers.add(timer);
      } else if (job.id) {
        this.ids.delete(job.id);
      }
    } finally {
      this.running -= 1;
      this.pump();
    }
  }

  async waiting(): Promise<number> {
    return this.queued.length;
  }

  private checkIdle(): void {
    if (this.running === 0 && this.queued.length === 0 && this.delayed === 0) {
      const waiters = this.idleWaiters;
      this.idleWaiters = [];
      for (const resolve of waiters) resolve();
    }
  }

  idle(): Promise<void> {
    return new Promise((resolve) => {
      this.idleWaiters.push(resolve);
      this.checkIdle();
    });
  }

  async close(): Promise<void> {
    this.closed = true;
    for (const timer of this.timers) clearTimeout(timer);
    this.timers.clear();
    this.delayed = 0;
    this.queued.length = 0;
    while (this.running > 0) await new Promise((r) => setTimeout(r, 10));
    this.checkIdle();
  }
}

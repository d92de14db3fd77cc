export interface JobOptions {
  /** While a job with this id waits or runs, adding another with it does nothing. */
  jobId?: string;
  /** Tries in all (default 3), with exponential back-off from `backoffMs` (default 1000). */
  attempts?: number;
  backoffMs?: number;
}

export type JobHandler = (data: Record<string, unknown>) => Promise<void>;

/** The engine's work queue: BullMQ on Redis, or the in-process one; same processors on both. */
export interface JobQueue {
  readonly kind: 'bullmq' | 'in-process';
  add(name: string, data: Record<string, unknown>, options?: JobOptions): Promise<void>;
  /** Starts consuming with these handlers (a process that only enqueues never calls it). */
  process(handlers: Record<string, JobHandler>, concurrency: number): Promise<void>;
  /** Jobs waiting to start (fire loops yield to waiting push jobs). */
  waiting(): Promise<number>;
  /** Resolves when nothing is waiting or running (this process's view). */
  idle(): Promise<void>;
  close(): Promise<void>;
}

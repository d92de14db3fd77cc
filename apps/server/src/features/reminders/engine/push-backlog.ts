import { setTimeout as sleep } from 'node:timers/promises';

/** How often a waiting fire lane looks at the backlog again. */
const LOOK_EVERY_MS = 5;
/** The longest wait before any batch has been timed in this process. */
const UNTIMED_WAIT_MS = 1_000;

/**
 * Pushes this process has stored under its own leases and not yet sent, and the fire batches it is
 * running (decision 016). A fire lane asks `admit` before it claims a batch: it goes on while less
 * than two batches' worth is in hand (unsent pushes, plus a batch for each one being fired), so a
 * large due set goes out as a pipeline (one batch stored while the one before is sent) instead of
 * every batch stored first and sent after. It never waits longer
 * than the batch before it took to fire: a slow push service may halve how fast batches are stored,
 * never hold them back.
 */
export class PushBacklog {
  private pending = 0;
  private firing = 0;
  private lastFireMs = UNTIMED_WAIT_MS;

  constructor(private readonly batchSize: number) {}

  /** Pushes waiting to be sent or being sent. */
  get size(): number {
    return this.pending;
  }

  /**
   * Resolves when a fire batch may start (or at `until`, a fire job's budget); returns what the
   * lane calls once that batch is over.
   */
  async admit(until: number): Promise<() => void> {
    const started = Date.now();
    const limit = Math.max(1, this.lastFireMs);
    while (this.busy() && Date.now() - started < limit && Date.now() < until) await sleep(LOOK_EVERY_MS);
    this.firing += 1;
    const firingFrom = Date.now();
    let over = false;
    return () => {
      if (over) return;
      over = true;
      this.firing -= 1;
      this.lastFireMs = Date.now() - firingFrom;
    };
  }

  /** A fired batch stored `count` pushes for this process to send (before their job is queued). */
  stored(count: number): void {
    this.pending += count;
  }

  /** `count` of this process's pushes are done with (sent, failed, or taken by another process). */
  done(count: number): void {
    this.pending = Math.max(0, this.pending - count);
  }

  /** Two batches' worth in hand (stored unsent, or being fired) is enough to keep the sender busy. */
  private busy(): boolean {
    return this.pending + this.firing * this.batchSize >= 2 * this.batchSize;
  }
}

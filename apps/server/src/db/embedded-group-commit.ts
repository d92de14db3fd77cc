import { setImmediate as nextTurn } from 'node:timers/promises';
import type { PGlite, Transaction } from '@electric-sql/pglite';

/**
 * Group commit for the embedded database on disk (decision 014). PGlite runs one transaction at a
 * time, so PostgreSQL's own group commit never groups anything: with every commit flushed on its
 * own, 50 concurrent dose ticks paid 50 disk flushes, one after the other, on the server's only
 * thread (the write endpoint lost half its throughput).
 *
 * Instead PostgreSQL commits asynchronously (`synchronous_commit=off`, see `durableStartParams`),
 * and a caller whose write has committed waits here before it answers: one flush of the WAL covers
 * every commit that finished before it was asked for. Nothing is answered before its write is on the
 * disk; the writes that finish while one flush is queued or runs share the next.
 */
export class EmbeddedGroupCommit {
  /** Commits counted so far, each inside PGlite's lock right before it commits. */
  private committed = 0;
  /** Commits known to be on disk: the count a completed flush read when it began. */
  private durable = 0;
  private flushing: Promise<void> | undefined;
  /** Flushes that reached the disk (for tests). */
  flushes = 0;

  constructor(private readonly client: Pick<PGlite, 'transaction'>) {}

  /**
   * Counts a commit; call it inside PGlite's lock, after the write's last statement and before its
   * commit (the end of a transaction's callback). Counted any later — once the caller's promise
   * has resolved — a flush queued behind the write could begin first and not count it, and each
   * write of a busy moment would need a flush of its own (measured: one per write).
   */
  count(): number {
    return ++this.committed;
  }

  /**
   * Runs `work` in a transaction of `client` (the PGlite this group commit flushes, or a wrapper of
   * it), counted inside the lock, and resolves once its commit is on the disk.
   */
  async transaction<T>(
    client: Pick<PGlite, 'transaction'>,
    work: (tx: Transaction) => Promise<T>,
  ): Promise<T> {
    let ticket = 0;
    const result = await client.transaction(async (tx) => {
      const value = await work(tx);
      ticket = this.count();
      return value;
    });
    await this.durableAfter(ticket);
    return result;
  }

  /** Resolves once the commit counted as `ticket` is on the disk. */
  async durableAfter(ticket: number): Promise<void> {
    while (this.durable < ticket) {
      this.flushing ??= this.flushSoon().finally(() => {
        this.flushing = undefined;
      });
      await this.flushing;
    }
  }

  /**
   * The flush waits for the event loop's next turn: the requests that arrived with this one reach
   * their own commits first, and the one flush covers them too. At once, each flush covered a single
   * write (the server's thread, blocked in the flush, had not read the next requests yet).
   */
  private async flushSoon(): Promise<void> {
    await nextTurn();
    await this.flush();
  }

  private async flush(): Promise<void> {
    let covers = 0;
    let flushed = false;
    await this.client.transaction(async (tx) => {
      // Inside PGlite's lock: a write counted by now has also committed (it held the lock from its
      // count through its commit), so its WAL precedes the record flushed below.
      covers = this.committed;
      const { rows } = await tx.query<{ flushed: boolean }>(FLUSH_WAL);
      flushed = rows[0]?.flushed === true;
    });
    if (flushed) this.flushes += 1;
    this.durable = Math.max(this.durable, covers);
  }
}

/**
 * When WAL was written since the last flush: writes a tiny WAL record and flushes the WAL up to it
 * at once (PostgreSQL 17+: the last argument), whatever the transaction around it. A commit with
 * `synchronous_commit` on would not do: a transaction that wrote no WAL of its own is not flushed,
 * whatever the setting. When nothing was written (an update that matched no row, as the reminder
 * engine's idle ticks make), no record and no disk flush.
 */
const FLUSH_WAL = `select case when pg_current_wal_insert_lsn() > pg_current_wal_flush_lsn()
  then pg_logical_emit_message(false, 'medrem-group-commit', '', true) is not null
  else false end as flushed`;

/** A statement that writes nothing worth a flush: a read (a lost row lock or sequence step is harmless). */
export function isReadStatement(query: string): boolean {
  return /^\s*(select|show|values)\b/i.test(query);
}

import { type Standing, StagedFireRepository } from '../staged-fire.repository';
import type { ReminderEngineOptions } from './engine-options';
import { announceFired } from './fire-batch';
import type { StagedLease } from './stage-ahead';

/** The most leases one release statement deletes (≈ 8,000 reminders at 500 per lease). */
const RELEASE_CHUNK_MAX = 16;

/**
 * The leases this process staged (decision 017), until their instant. At the instant (a timer set
 * for it, and every tick as a fallback; never before the clock reaches it) they are released:
 * deleting their `staged_fires` rows says which users' fires still stand, and those users' pushes
 * are sent and their open tabs told, as after a fire batch. A user whose write cancelled their fire
 * meanwhile is left out: the database already undid what was stored for them.
 */
export class StagedReleases {
  private readonly leases = new Map<string, StagedLease>();
  private readonly timers = new Map<number, NodeJS.Timeout>();
  private releasing: Promise<void> = Promise.resolve();
  /** Reminders staged and released by this process since start (the benchmark and tests). */
  staged = 0;
  released = 0;

  constructor(private readonly o: ReminderEngineOptions) {}

  /** Leases held, not yet released. */
  get size(): number {
    return this.leases.size;
  }

  /** Keeps a committed lease until its instant, with each push's body encrypted ahead. */
  add(lease: StagedLease): void {
    this.leases.set(lease.leaseId, lease);
    this.staged += lease.notifications.length;
    // Each push's body encrypted now, kept with the lease by push id: the send takes it without a
    // lookup by notification and device in the memo (a keyed string built per push, at the instant).
    const devices = new Map(lease.devices.map((d) => [d.id, d]));
    for (const push of lease.leased) {
      const device = devices.get(push.subscriptionId);
      const body = device && this.o.sender.prepare?.(device, JSON.stringify(push.payload));
      if (body) lease.bodies.set(push.id, body);
    }
    this.o.prepared?.holdElsewhere(lease.bodies.size);
    this.wakeAt(lease.dueAt);
  }

  /** Releases every lease whose instant the clock has reached, in order of instant. */
  releaseDue(): Promise<void> {
    this.releasing = this.releasing.then(async () => {
      const now = this.o.clock.now();
      const due = [...this.leases.values()]
        .filter((l) => l.dueAt.getTime() <= now.getTime())
        .sort((a, b) => a.dueAt.getTime() - b.dueAt.getTime());
      // One delete for the first lease, so its pushes leave at once, then for twice as many each
      // time (a round trip per lease held the last of 200 back by 3 s, 100k due at one instant), up
      // to RELEASE_CHUNK_MAX: on PGlite a delete holds this thread, and 128 leases took 160 ms.
      for (
        let from = 0, size = 1;
        from < due.length;
        from += size, size = Math.min(size * 2, RELEASE_CHUNK_MAX)
      ) {
        const chunk = due.slice(from, from + size);
        for (const lease of chunk) this.leases.delete(lease.leaseId);
        await this.release(chunk).catch((error: unknown) =>
          // Their rows stay staged: the sweep releases them once the lease has run out.
          this.o.log.warn({ err: error }, 'releasing staged reminders failed'),
        );
        // A turn of the event loop before the next delete: on PGlite (this thread) the pushes
        // already released would otherwise not reach their sockets until every delete was done.
        await new Promise((resolve) => setImmediate(resolve));
      }
    });
    return this.releasing;
  }

  /**
   * Shutdown: what was not released is undone in the database (the rows are put back, due at their
   * instant), so another worker fires it on time instead of the sweep a lease later.
   */
  async handBack(): Promise<void> {
    await this.releasing;
    for (const timer of this.timers.values()) clearTimeout(timer);
    this.timers.clear();
    const leaseIds = [...this.leases.keys()];
    for (const lease of this.leases.values()) this.o.prepared?.releaseHeld(lease.bodies.size);
    this.leases.clear();
    // A lease at a time, each committed: a shutdown cut short by its timeout keeps what was handed
    // back, and the sweep releases the rest a lease late.
    const staged = new StagedFireRepository(this.o.db);
    for (const leaseId of leaseIds) await staged.cancelLease(leaseId);
  }

  private async release(leases: StagedLease[]): Promise<void> {
    // From here the bodies belong to the push jobs, which drop them with their leases.
    for (const lease of leases) this.o.prepared?.releaseHeld(lease.bodies.size);
    const standing = await new StagedFireRepository(this.o.db).release(
      leases.map((l) => ({ leaseId: l.leaseId, users: l.rowsOf.size })),
    );
    for (const lease of leases) await this.announce(lease, standing.get(lease.leaseId)!);
  }

  private async announce(lease: StagedLease, standing: Standing): Promise<void> {
    const stands = (userId: string) => standing === 'all' || standing.has(userId);
    const leased = lease.leased.filter((p) => stands(p.userId));
    const notifications = lease.notifications.filter((n) => stands(n.userId));
    const lateSeconds = (this.o.clock.now().getTime() - lease.dueAt.getTime()) / 1000;
    this.released += notifications.length;
    let claimed = 0;
    for (const [userId, rows] of lease.rowsOf) if (stands(userId)) claimed += rows;
    await announceFired(this.o, {
      claimed,
      lateness: notifications.map(() => lateSeconds),
      leaseId: leased.length > 0 ? lease.leaseId : undefined,
      leased,
      devices: lease.devices.filter((d) => stands(d.userId)),
      notifications,
      bodies: lease.bodies,
    });
  }

  /** One timer per instant, released when it rings (rung early, the next tick releases it). */
  private wakeAt(dueAt: Date): void {
    const at = dueAt.getTime();
    if (this.timers.has(at)) return;
    const timer = setTimeout(
      () => {
        this.timers.delete(at);
        void this.releaseDue().then(() => {
          if ([...this.leases.values()].some((l) => l.dueAt.getTime() === at)) this.wakeAt(dueAt);
        });
      },
      Math.max(0, at - this.o.clock.now().getTime()),
    );
    timer.unref();
    this.timers.set(at, timer);
  }
}

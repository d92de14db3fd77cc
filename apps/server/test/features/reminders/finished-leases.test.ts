import { randomUUID } from 'node:crypto';
import { describe, expect, it, vi } from 'vitest';
import { FinishedLeases } from '../../../src/features/reminders/engine/finished-leases';
import { PushBacklog } from '../../../src/features/reminders/engine/push-backlog';
import { TEST_ENGINE } from '../../support/test-database';
import { withOutbox } from '../push/outbox-fixture';

/**
 * Decision 150: a finished lease's rows are deleted once this process has no unsent pushes left,
 * not while the rest of a burst is still to be sent; and never later than half of what is left of
 * the lease, so no sweep takes them to send again.
 */
describe(`finished leases are deleted after the burst (${TEST_ENGINE})`, () => {
  const fx = withOutbox();
  const log = { info: vi.fn(), warn: vi.fn(), error: vi.fn() };

  const leaseOf = async (count: number, until: Date) => {
    const leaseId = randomUUID();
    return { leaseId, ids: (await fx.store(leaseId, count, until)).map((r) => r.id) };
  };
  const stored = async () => (await fx.remaining()).sort();
  const finishedWith = (backlog: PushBacklog) =>
    new FinishedLeases({ db: fx.database.handle.db, clock: { now: () => new Date() }, log, backlog });

  it('keeps a lease while other pushes are unsent, and deletes every held lease with the last', async () => {
    const until = new Date(Date.now() + 60_000);
    const backlog = new PushBacklog(500);
    const finished = finishedWith(backlog);
    const first = await leaseOf(3, until);
    const second = await leaseOf(2, until);
    const other = await leaseOf(1, until); // another process's, still being sent
    backlog.stored(5);

    backlog.done(3);
    await finished.add(first.leaseId, first.ids, until.getTime());
    expect(finished.size).toBe(1);
    expect(await stored()).toEqual([...first.ids, ...second.ids, ...other.ids].sort());

    backlog.done(2);
    await finished.add(second.leaseId, second.ids, until.getTime());
    expect(finished.size).toBe(0);
    expect(await stored()).toEqual(other.ids);
    await fx.outbox.delete(other.ids);
  });

  it('deletes a held lease by half of what is left of it, though pushes are still unsent', async () => {
    const backlog = new PushBacklog(500);
    const finished = finishedWith(backlog);
    const lease = await leaseOf(2, new Date(Date.now() + 60_000));
    backlog.stored(10);

    // Three seconds left of it: held at most one and a half, not the 20 s a long lease may wait.
    const until = Date.now() + 3_000;
    await finished.add(lease.leaseId, lease.ids, until);
    expect(await stored()).toEqual(lease.ids.sort());

    // Gone before the lease runs out, when a sweep would take the rows to send again.
    await vi.waitFor(async () => expect(await stored()).toEqual([]), {
      timeout: until - Date.now(),
      interval: 50,
    });
    expect(finished.size).toBe(0);
  });

  it('deletes at once a lease that has run out, and on flush what is held', async () => {
    const backlog = new PushBacklog(500);
    const finished = finishedWith(backlog);
    backlog.stored(10);
    const late = await leaseOf(1, new Date(Date.now() - 1_000));
    await finished.add(late.leaseId, late.ids, Date.now() - 1_000);
    expect(await stored()).toEqual([]);

    const until = new Date(Date.now() + 60_000);
    const held = await leaseOf(2, until);
    await finished.add(held.leaseId, held.ids, until.getTime());
    expect(finished.size).toBe(1);
    await finished.flush(); // the engine's shutdown
    expect(await stored()).toEqual([]);
  });
});

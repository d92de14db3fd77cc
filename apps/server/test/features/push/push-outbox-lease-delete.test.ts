import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { pushOutbox } from '../../../src/db/schema';
import { TEST_ENGINE } from '../../support/test-database';
import { withOutbox } from './outbox-fixture';

/**
 * A lease whose pushes were all dealt with is deleted as one range (issue 10: a descent per id cost
 * PGlite 3-4x more at the due second). The range must not reach pushes that are not this lease's
 * any more, and rows the sweep moved to another lease must still go when they were sent.
 */
describe(`deleting a finished lease's pushes (${TEST_ENGINE})`, () => {
  const fx = withOutbox();
  const until = new Date(Date.now() + 60_000);
  const store = (leaseId: string, count: number) => fx.store(leaseId, count, until);
  const remaining = () => fx.remaining();

  it("removes the lease's pending pushes and nothing of another lease or a stored retry", async () => {
    const lease = randomUUID();
    const other = randomUUID();
    const mine = await store(lease, 5);
    const theirs = await store(other, 3);
    // A push of this lease that failed: retry() takes it off the lease, so the range leaves it.
    await fx.outbox.retry(mine[4]!.id, { attempts: 1, availableAt: until, failed: false, error: 'HTTP 503' });

    await fx.outbox.deleteLeases(
      [lease],
      mine.slice(0, 4).map((p) => p.id),
    );

    expect((await remaining()).sort()).toEqual([mine[4]!.id, ...theirs.map((p) => p.id)].sort());
    await fx.outbox.delete([mine[4]!.id, ...theirs.map((p) => p.id)]);
  });

  it('still deletes sent pushes the sweep moved to a new lease, and only those', async () => {
    const lease = randomUUID();
    const pushes = await store(lease, 4);
    // This process stalled past its lease: the sweep gave every row a new lease, to send again.
    await fx.outbox.releaseStale(new Date(until.getTime() + 1), randomUUID(), until, 100);

    // Two of them had been sent before the stall: those must not be sent a second time.
    await fx.outbox.deleteLeases([lease], [pushes[0]!.id, pushes[1]!.id]);

    expect((await remaining()).sort()).toEqual([pushes[2]!.id, pushes[3]!.id].sort());
    await fx.outbox.delete([pushes[2]!.id, pushes[3]!.id]);
  });

  it('deletes a moved sent push even when the range took as many unsent ones', async () => {
    const lease = randomUUID();
    const [sentThenMoved, sentHere, deviceGone] = await store(lease, 3);
    // The sweep took one sent push to a new lease; the third push's device answered 410, so it was
    // never sent, and the range takes it with the one sent here: two rows, as many as were sent.
    await fx.database.handle.db
      .update(pushOutbox)
      .set({ leaseId: randomUUID() })
      .where(eq(pushOutbox.id, sentThenMoved!.id));

    await fx.outbox.deleteLeases([lease], [sentThenMoved!.id, sentHere!.id]);

    expect(deviceGone).toBeDefined();
    expect(await remaining()).toEqual([]);
  });
});

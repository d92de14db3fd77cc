import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pushOutbox, pushSubscriptions, users } from '../../../src/db/schema';
import { PushOutboxRepository } from '../../../src/features/push/push-outbox.repository';
import { type TestDatabase, TEST_ENGINE, createTestDatabase } from '../../support/test-database';

/**
 * A lease whose pushes were all dealt with is deleted as one range (issue 10: a descent per id cost
 * PGlite 3-4x more at the due second). The range must not reach pushes that are not this lease's
 * any more, and rows the sweep moved to another lease must still go when they were sent.
 */
describe(`deleting a finished lease's pushes (${TEST_ENGINE})`, () => {
  let database: TestDatabase;
  let outbox: PushOutboxRepository;
  let userId: string;
  let subscriptionId: string;
  const until = new Date(Date.now() + 60_000);

  beforeAll(async () => {
    database = await createTestDatabase();
    const { db } = database.handle;
    outbox = new PushOutboxRepository(db);
    userId = randomUUID();
    await db
      .insert(users)
      .values({ id: userId, name: 'Lease', email: 'lease@example.test', passwordHash: null });
    const [device] = await db
      .insert(pushSubscriptions)
      .values({ userId, kind: 'webpush', endpoint: 'https://push.example.test/1', token: '{}' })
      .returning({ id: pushSubscriptions.id });
    subscriptionId = device!.id;
  });
  afterAll(() => database.drop());

  const store = (leaseId: string, count: number) =>
    outbox.insert(
      Array.from({ length: count }, (_, i) => ({ userId, subscriptionId, payload: { i }, topic: `t${i}` })),
      leaseId,
      until,
    );
  const remaining = async () =>
    (await database.handle.db.select({ id: pushOutbox.id }).from(pushOutbox)).map((r) => r.id);

  it("removes the lease's pending pushes and nothing of another lease or a stored retry", async () => {
    const lease = randomUUID();
    const other = randomUUID();
    const mine = await store(lease, 5);
    const theirs = await store(other, 3);
    // A push of this lease that failed: retry() takes it off the lease, so the range leaves it.
    await outbox.retry(mine[4]!.id, { attempts: 1, availableAt: until, failed: false, error: 'HTTP 503' });

    await outbox.deleteLease(
      lease,
      mine.slice(0, 4).map((p) => p.id),
    );

    expect((await remaining()).sort()).toEqual([mine[4]!.id, ...theirs.map((p) => p.id)].sort());
    await outbox.delete([mine[4]!.id, ...theirs.map((p) => p.id)]);
  });

  it('still deletes sent pushes the sweep moved to a new lease, and only those', async () => {
    const lease = randomUUID();
    const pushes = await store(lease, 4);
    // This process stalled past its lease: the sweep gave every row a new lease, to send again.
    await outbox.releaseStale(new Date(until.getTime() + 1), randomUUID(), until, 100);

    // Two of them had been sent before the stall: those must not be sent a second time.
    await outbox.deleteLease(lease, [pushes[0]!.id, pushes[1]!.id]);

    expect((await remaining()).sort()).toEqual([pushes[2]!.id, pushes[3]!.id].sort());
    await outbox.delete([pushes[2]!.id, pushes[3]!.id]);
  });

  it('deletes a moved sent push even when the range took as many unsent ones', async () => {
    const lease = randomUUID();
    const [sentThenMoved, sentHere, deviceGone] = await store(lease, 3);
    // The sweep took one sent push to a new lease; the third push's device answered 410, so it was
    // never sent, and the range takes it with the one sent here: two rows, as many as were sent.
    await database.handle.db
      .update(pushOutbox)
      .set({ leaseId: randomUUID() })
      .where(eq(pushOutbox.id, sentThenMoved!.id));

    await outbox.deleteLease(lease, [sentThenMoved!.id, sentHere!.id]);

    expect(deviceGone).toBeDefined();
    expect(await remaining()).toEqual([]);
  });
});

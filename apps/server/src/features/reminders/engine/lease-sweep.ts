import { randomUUID } from 'node:crypto';
import { PushOutboxRepository } from '../../push/push-outbox.repository';
import type { ReminderEngineOptions } from './engine-options';
import { StagedFireRepository } from '../staged-fire.repository';

/**
 * Pushes whose lease ran out (a crash, a lost job) or whose retry is due get a new lease and a push
 * job, a batch at a time, until none is left.
 */
export async function sweepLeases(o: ReminderEngineOptions, now: Date): Promise<void> {
  const outbox = new PushOutboxRepository(o.db);
  // Staged fires their process never released (it died) stand once their lease has run out; their
  // pushes are then swept below like any other lease's (decision 017).
  await new StagedFireRepository(o.db).releaseAbandoned(new Date(now.getTime() - o.pushLeaseMs));
  for (;;) {
    const leaseId = randomUUID();
    const taken = await outbox.releaseStale(
      now,
      leaseId,
      new Date(now.getTime() + o.pushLeaseMs),
      o.batchSize,
    );
    if (taken > 0) await o.queue.add('push', { leaseId }, { jobId: `push-${leaseId}` });
    if (taken < o.batchSize) return;
  }
}

import { describe, expect, it } from 'vitest';
import type { Database } from '../../../src/db/database';
import { DeliveryStatusRecorder } from '../../../src/features/reminders/engine/delivery-status-recorder';

/** A database that only counts the statements it is given (the recorder's timing is what is tested). */
function countingDb() {
  const statements: unknown[] = [];
  const db = { execute: (statement: unknown) => (statements.push(statement), Promise.resolve({ rows: [] })) };
  return { db: db as unknown as Database, statements };
}

const log = { warn: () => undefined };
const at = new Date('2026-11-21T08:00:00Z');

/** Decision 234: outcomes noted per send, written once the process has nothing left to send. */
describe('DeliveryStatusRecorder', () => {
  it('writes nothing while pushes are still to be sent, then all of it in one statement', async () => {
    const backlog = { size: 3 };
    const { db, statements } = countingDb();
    const recorder = new DeliveryStatusRecorder({ db, backlog, log });
    recorder.note({ subscriptionId: 'a', at, ok: true });
    recorder.note({ subscriptionId: 'a', at, ok: false, reason: 'unreachable', detail: 'timeout' });
    recorder.note({ subscriptionId: 'b', at, ok: true });
    await recorder.settle();
    expect(statements).toHaveLength(0);
    backlog.size = 0;
    await recorder.settle();
    expect(statements).toHaveLength(1);
    await recorder.settle(); // nothing new noted: nothing written
    expect(statements).toHaveLength(1);
  });

  it('writes what it holds when asked (shutdown, tests), in statements of at most 2,000 devices', async () => {
    const { db, statements } = countingDb();
    const recorder = new DeliveryStatusRecorder({ db, backlog: { size: 10 }, log });
    for (let i = 0; i < 4500; i += 1) recorder.note({ subscriptionId: `d${i}`, at, ok: true });
    await recorder.flush();
    expect(statements).toHaveLength(3);
  });
});

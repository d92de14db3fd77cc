import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll } from 'vitest';
import { pushOutbox, pushSubscriptions, users } from '../../../src/db/schema';
import { type LeasedPush, PushOutboxRepository } from '../../../src/features/push/push-outbox.repository';
import { type TestDatabase, createTestDatabase } from '../../support/test-database';

export interface OutboxFixture {
  database: TestDatabase;
  outbox: PushOutboxRepository;
  /** Stores `count` pushes of one user's one device under `leaseId`, leased until `until`. */
  store(leaseId: string, count: number, until: Date): Promise<LeasedPush[]>;
  /** The ids of every push still in the outbox. */
  remaining(): Promise<string[]>;
}

/** A fresh database per file with one user and one device, for tests of the push outbox's rows. */
export function withOutbox(): OutboxFixture {
  let userId = '';
  let subscriptionId = '';
  // Filled in by beforeAll: the tests use it only from their own bodies.
  const fixture = {} as OutboxFixture;
  fixture.store = (leaseId, count, until) =>
    fixture.outbox.insert(
      Array.from({ length: count }, (_, i) => ({ userId, subscriptionId, payload: { i }, topic: `t${i}` })),
      leaseId,
      until,
    );
  fixture.remaining = async () =>
    (await fixture.database.handle.db.select({ id: pushOutbox.id }).from(pushOutbox)).map((r) => r.id);

  beforeAll(async () => {
    fixture.database = await createTestDatabase();
    const { db } = fixture.database.handle;
    fixture.outbox = new PushOutboxRepository(db);
    userId = randomUUID();
    await db
      .insert(users)
      .values({ id: userId, name: 'Outbox', email: `${userId}@example.test`, passwordHash: null });
    const [device] = await db
      .insert(pushSubscriptions)
      .values({ userId, kind: 'webpush', endpoint: 'https://push.example.test/1', token: '{}' })
      .returning({ id: pushSubscriptions.id });
    subscriptionId = device!.id;
  });
  afterAll(() => fixture.database.drop());
  return fixture;
}

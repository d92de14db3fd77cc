import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../src/db/database';
import { MAX_PREPARED_PARAMETERS } from '../../src/db/prepared-statements';
import { users } from '../../src/db/schema';
import { TEST_ENGINE, type TestDatabase, createTestDatabase } from '../support/test-database';

/**
 * Decision 135: drizzle's queries run as named prepared statements on PostgreSQL (one round trip,
 * parsed once per connection), inside transactions and savepoints too, except the bulk ones. Read
 * from the server's own list of the session's prepared statements, on the transaction's connection.
 */
describe.runIf(TEST_ENGINE === 'postgres')('statements sent to PostgreSQL', () => {
  let database: TestDatabase;
  const preparedOnThisConnection = async (db: TestDatabase['handle']['db']) =>
    rowsOf<{ statement: string }>(await db.execute(sql`select statement from pg_prepared_statements`)).map(
      (r) => r.statement,
    );

  beforeAll(async () => {
    database = await createTestDatabase();
    await database.handle.db.insert(users).values({ name: 'Prepared', email: 'prepared@example.com' });
  });
  afterAll(async () => {
    await database.drop();
  });

  it('are prepared inside a transaction, and give the same rows', async () => {
    await database.handle.db.transaction(async (tx) => {
      const found = await tx
        .select({ name: users.name })
        .from(users)
        .where(eq(users.email, 'prepared@example.com'));
      expect(found).toEqual([{ name: 'Prepared' }]);
      const counted = rowsOf<{ n: number }>(
        await tx.execute(sql`select count(*)::int as n from users where name = ${'Prepared'}`),
      );
      expect(counted).toEqual([{ n: 1 }]);
      const statements = await preparedOnThisConnection(tx);
      expect(statements.some((s) => s.includes('from "users" where "users"."email" = $1'))).toBe(true);
      expect(statements.some((s) => s.includes('from users where name = $1'))).toBe(true);
    });
  });

  it('are prepared inside a savepoint', async () => {
    await database.handle.db.transaction(async (tx) => {
      await tx.transaction(async (inner) => {
        await inner.select({ id: users.id }).from(users).where(eq(users.name, 'in a savepoint'));
        const statements = await preparedOnThisConnection(inner);
        expect(statements.some((s) => s.includes('where "users"."name" = $1'))).toBe(true);
      });
    });
  });

  it('stay unnamed when they carry many parameters (their text changes with their size)', async () => {
    const emails = Array.from({ length: MAX_PREPARED_PARAMETERS + 1 }, (_, i) => `bulk-${i}@example.com`);
    await database.handle.db.transaction(async (tx) => {
      expect(await tx.select({ id: users.id }).from(users).where(inArray(users.email, emails))).toEqual([]);
      const statements = await preparedOnThisConnection(tx);
      expect(statements.some((s) => s.includes(`$${emails.length}`))).toBe(false);
    });
  });
});

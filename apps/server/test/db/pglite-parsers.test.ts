import type { QueryOptions } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { openDatabase, rowsOf } from '../../src/db/database';
import { embeddedDriverClient } from '../../src/db/pglite-parsers';

describe('PGlite queries without per-query parsers (decision 137)', () => {
  it('drops the parsers from each query, also inside a transaction', async () => {
    const seen: (QueryOptions | undefined)[] = [];
    const query = (_sql: string, _params?: unknown[], options?: QueryOptions) => {
      seen.push(options);
      return Promise.resolve({ rows: [], fields: [] });
    };
    const fake = {
      query,
      transaction: (callback: (tx: { query: typeof query }) => Promise<unknown>) => callback({ query }),
    };
    const client = embeddedDriverClient(fake as never) as unknown as typeof fake;
    const parsers = { 1184: (value: string) => value };
    await client.query('select 1', [], { rowMode: 'array', parsers });
    await client.transaction((tx) => tx.query('select 2', [], { rowMode: 'object', parsers }));
    expect(seen).toEqual([
      { rowMode: 'array', parsers: undefined },
      { rowMode: 'object', parsers: undefined },
    ]);
  });

  it('reads timestamps and dates as drizzle expects them, from the instance’s parsers', async () => {
    const handle = await openDatabase({ inMemory: true });
    try {
      const [raw] = rowsOf<{ at: unknown; day: unknown; days: unknown }>(
        await handle.db.execute(
          sql`select '2026-11-21T10:00:00Z'::timestamptz as at, '2026-11-21'::date as day,
            array['2026-11-21'::date] as days`,
        ),
      );
      // Text, as PostgreSQL sends it: drizzle maps the columns it types itself.
      expect(typeof raw?.at).toBe('string');
      expect(raw?.day).toBe('2026-11-21');
      expect(raw?.days).toBe('{2026-11-21}');
    } finally {
      await handle.close();
    }
  });
});

import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../src/db/database';
import { PgliteNamedStatements } from '../../src/db/pglite-named-statements';
import { useDrizzleTextParsers, embeddedDriverClient } from '../../src/db/pglite-parsers';
import { MAX_PREPARED_PARAMETERS } from '../../src/db/prepared-statements';
import { TEST_ENGINE } from '../support/test-database';

/**
 * Decision 012: on PGlite, statements with parameters run as named prepared statements. The same
 * statements through PGlite's own `query` are the reference: every value type the app sends must
 * come back the same, errors must leave the session usable, and a table changed under a named
 * statement must not break it.
 */
describe.runIf(TEST_ENGINE === 'pglite')('statements sent to PGlite by name', () => {
  let client: PGlite;
  let db: ReturnType<typeof drizzle>;
  const preparedNow = async () =>
    (await client.query<{ statement: string }>('select statement from pg_prepared_statements')).rows.map(
      (r) => r.statement,
    );

  beforeAll(async () => {
    client = new PGlite();
    await client.waitReady;
    useDrizzleTextParsers(client);
    db = drizzle(embeddedDriverClient(client, new PgliteNamedStatements(client)));
    await client.exec(`create table items (
      id uuid primary key default gen_random_uuid(), name text not null unique, tags text[] not null default '{}',
      data jsonb, doc json, at timestamptz, day date, n int, price numeric, done boolean not null default false)`);
  });
  afterAll(async () => {
    await client.close();
  });

  it('give the same rows and values as PGlite’s own query, for every type the app sends', async () => {
    const id = '6a3f7a52-7a3c-4f57-9d6b-3a3c1f8e2b10';
    const inserted =
      await db.execute(sql`insert into items (id, name, tags, data, doc, at, day, n, price, done)
      values (${id}::uuid, ${'Aspirin'}, ${'{a,b}'}::text[], ${JSON.stringify({ k: [1, 2] })}::jsonb,
        ${JSON.stringify([{ x: 'ü' }])}::json, ${'2026-11-21T07:00:00.000Z'}::timestamptz, ${'2026-11-21'}::date,
        ${42}, ${'1.50'}, ${true})
      returning *`);
    const select = 'select * from items where id = $1 and done = $2 and n > $3';
    // No parameters: PGlite's own query runs it.
    const unnamed = rowsOf(
      await db.execute(sql.raw(`select * from items where id = '${id}' and done = true and n > 1`)),
    );
    const byName = rowsOf(
      await db.execute(sql`select * from items where id = ${id} and done = ${true} and n > ${1}`),
    );
    const own = (await client.query(select, [id, true, 1])).rows;
    expect(byName).toEqual(own);
    expect(unnamed).toEqual(own);
    expect(rowsOf(inserted)).toEqual(own);
    expect(own[0]).toMatchObject({
      tags: ['a', 'b'],
      data: { k: [1, 2] },
      doc: [{ x: 'ü' }],
      n: 42,
      done: true,
    });
    // A null, an array parameter and a row mode of arrays (drizzle's selects) all pass.
    const nulls = rowsOf(
      await db.execute(sql`select count(*)::int as n from items where name = any(string_to_array(${'Aspirin,x'}, ','))
        and (${null}::int is null)`),
    );
    expect(nulls).toEqual([{ n: 1 }]);
    const statements = await preparedNow();
    expect(statements.some((s) => s.includes('from items where id = $1 and done = $2 and n > $3'))).toBe(
      true,
    );
  });

  it('are named in transactions and savepoints too, and roll back with them', async () => {
    await expect(
      db.transaction(async (tx) => {
        await tx.execute(sql`insert into items (name) values (${'in a transaction'})`);
        await tx.transaction(async (inner) => {
          await inner.execute(sql`update items set n = ${7} where name = ${'in a transaction'}`);
        });
        const seen = rowsOf<{ n: number }>(
          await tx.execute(sql`select n from items where name = ${'in a transaction'}`),
        );
        expect(seen).toEqual([{ n: 7 }]);
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    expect(rowsOf(await db.execute(sql`select 1 from items where name = ${'in a transaction'}`))).toEqual([]);
    const statements = await preparedNow();
    expect(statements.some((s) => s.includes('update items set n = $1 where name = $2'))).toBe(true);
  });

  it('report a failed statement with its code and leave the session usable', async () => {
    const duplicate = db.execute(sql`insert into items (name) values (${'Aspirin'})`);
    await expect(duplicate).rejects.toMatchObject({ cause: { code: '23505' } });
    // Inside a transaction the failure rolls everything of it back.
    await expect(
      db.transaction(async (tx) => {
        await tx.execute(sql`insert into items (name) values (${'kept?'})`);
        await tx.execute(sql`insert into items (name) values (${'Aspirin'})`);
      }),
    ).rejects.toMatchObject({ cause: { code: '23505' } });
    expect(rowsOf(await db.execute(sql`select name from items where name = ${'kept?'}`))).toEqual([]);
    expect(rowsOf(await db.execute(sql`select name from items where name = ${'Aspirin'}`))).toEqual([
      { name: 'Aspirin' },
    ]);
  });

  it('keep working when a table changes under them', async () => {
    const read = () => db.execute(sql`select * from items where name = ${'Aspirin'}`);
    expect(Object.keys(rowsOf<object>(await read())[0]!)).not.toContain('note');
    await client.exec(`alter table items add column note text default 'new'`);
    expect(rowsOf(await read())).toMatchObject([{ name: 'Aspirin', note: 'new' }]);
    expect(rowsOf(await read())).toMatchObject([{ name: 'Aspirin', note: 'new' }]);
  });

  it('leave statements with more than the bound of parameters unnamed', async () => {
    const names = Array.from({ length: MAX_PREPARED_PARAMETERS + 1 }, (_, i) => `bulk-${i}`);
    const list = sql.join(
      names.map((name) => sql`${name}`),
      sql`, `,
    );
    const found = rowsOf(await db.execute(sql`select name from items where name in (${list})`));
    expect(found).toEqual([]);
    const statements = await preparedNow();
    expect(statements.some((s) => s.includes(`$${MAX_PREPARED_PARAMETERS + 1}`))).toBe(false);
  });
});

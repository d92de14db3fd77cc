import { type SQL, sql } from 'drizzle-orm';
import { type Database, rowsOf } from '../db/database';

/**
 * Table-by-table copying and comparing, read from the database's own catalog rather than from
 * schema.ts, so a table added by a later migration is copied without anyone remembering this file.
 */
export interface TableInfo {
  name: string;
  /** Primary-key columns, in key order: the order rows are copied and checksummed in. */
  key: string[];
}

const ident = (name: string) => sql.raw(`"${name.replaceAll('"', '""')}"`);

/**
 * The tables of the public schema, parents before children (foreign keys). A table whose comment
 * starts with `derived:` is left out: triggers on the other tables keep it (decision 015), and they
 * rebuild it on the target as the copy writes those tables.
 */
export async function tablesInForeignKeyOrder(db: Database): Promise<TableInfo[]> {
  const tables = rowsOf<{ name: string; key: string[] | null }>(
    await db.execute(sql`
      select c.relname as name,
        (select array_agg(a.attname::text order by k.ord)
           from pg_index i
           cross join lateral unnest(i.indkey::int2[]) with ordinality as k(attnum, ord)
           join pg_attribute a on a.attrelid = i.indrelid and a.attnum = k.attnum
          where i.indrelid = c.oid and i.indisprimary) as key
      from pg_class c
      where c.relnamespace = 'public'::regnamespace and c.relkind in ('r', 'p')
        and coalesce(obj_description(c.oid, 'pg_class'), '') not like 'derived:%'
      order by c.relname`),
  );
  const parents = rowsOf<{ child: string; parent: string }>(
    await db.execute(sql`
      select cc.relname as child, pc.relname as parent
      from pg_constraint f
      join pg_class cc on cc.oid = f.conrelid
      join pg_class pc on pc.oid = f.confrelid
      where f.contype = 'f' and f.connamespace = 'public'::regnamespace and f.conrelid <> f.confrelid`),
  );
  const ordered: TableInfo[] = [];
  const done = new Set<string>();
  let pending = tables;
  while (pending.length > 0) {
    const ready = pending.filter((t) => parents.every((p) => p.child !== t.name || done.has(p.parent)));
    if (ready.length === 0)
      throw new Error(`foreign keys form a cycle among ${pending.map((t) => t.name).join(', ')}`);
    for (const t of ready) {
      ordered.push({ name: t.name, key: t.key ?? [] });
      done.add(t.name);
    }
    pending = pending.filter((t) => !done.has(t.name));
  }
  return ordered;
}

/** Byte order on text, whatever collation either server has; a table without a key by whole rows. */
const orderBy = (table: TableInfo): SQL =>
  table.key.length > 0
    ? sql.join(
        table.key.map((column) => sql`${ident(column)}::text collate "C"`),
        sql`, `,
      )
    : sql`t::text collate "C"`;

/**
 * Makes two sessions print rows alike: timestamps in UTC and ISO style. Run on each side before
 * checksums (and before copying, so nothing is converted through a local zone).
 */
export async function useCanonicalSession(db: Database): Promise<void> {
  await db.execute(sql`set time zone 'UTC'`);
  await db.execute(sql`set datestyle = 'ISO, MDY'`);
}

export interface TableSum {
  rows: number;
  md5: string;
}

/** Row count and an MD5 over the MD5 of every row's text, in primary-key order. */
export async function tableSum(db: Database, table: TableInfo): Promise<TableSum> {
  const [row] = rowsOf<TableSum>(
    await db.execute(sql`
      select count(*)::int as rows,
             md5(coalesce(string_agg(md5(t::text), '' order by ${orderBy(table)}), '')) as md5
      from ${ident(table.name)} t`),
  );
  return row ?? { rows: 0, md5: '' };
}

export async function rowCount(db: Database, table: TableInfo): Promise<number> {
  const [row] = rowsOf<{ n: number }>(
    await db.execute(sql`select count(*)::int as n from ${ident(table.name)}`),
  );
  return row?.n ?? 0;
}

/**
 * Copies one table in batches: each batch read as JSON (exact: microsecond timestamps, arrays, jsonb)
 * and written with jsonb_populate_recordset, so no value passes through a JavaScript Date.
 */
export async function copyTable(
  from: Database,
  to: Database,
  table: TableInfo,
  batchSize: number,
): Promise<number> {
  let copied = 0;
  for (;;) {
    const batch = rowsOf<{ row: unknown }>(
      await from.execute(
        sql`select to_jsonb(t) as row from ${ident(table.name)} t order by ${orderBy(table)} limit ${batchSize} offset ${copied}`,
      ),
    ).map((r) => (typeof r.row === 'string' ? (JSON.parse(r.row) as unknown) : r.row));
    if (batch.length === 0) return copied;
    await to.execute(
      sql`insert into ${ident(table.name)} overriding system value select * from jsonb_populate_recordset(null::${ident(table.name)}, ${JSON.stringify(batch)}::jsonb)`,
    );
    copied += batch.length;
  }
}

/** Sets every sequence owned by a column (medicine_packs.added_order, decision 354) to follow the copied rows. */
export async function resetSequences(db: Database): Promise<number> {
  const owned = rowsOf<{ seq: string; tbl: string; col: string }>(
    await db.execute(sql`
      select s.relname as seq, t.relname as tbl, a.attname as col
      from pg_class s
      join pg_depend d on d.objid = s.oid and d.deptype in ('a', 'i')
      join pg_class t on t.oid = d.refobjid
      join pg_attribute a on a.attrelid = t.oid and a.attnum = d.refobjsubid
      where s.relkind = 'S' and s.relnamespace = 'public'::regnamespace`),
  );
  for (const o of owned) {
    await db.execute(
      sql`select setval(${`"${o.seq}"`}::regclass, coalesce((select max(${ident(o.col)}) from ${ident(o.tbl)}), 0) + 1, false)`,
    );
  }
  return owned.length;
}

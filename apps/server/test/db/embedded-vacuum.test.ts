import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../../src/app';
import { loadConfig } from '../../src/config/config';
import { type DatabaseHandle, openDatabase, rowsOf } from '../../src/db/database';
import { msUntilNextVacuum, startEmbeddedVacuum } from '../../src/db/embedded-vacuum';
import type { Clock } from '../../src/lib/clock';
import { createTestDatabase, TEST_ENGINE } from '../support/test-database';

/**
 * The autovacuum PGlite lacks (decision 158). PGlite is PostgreSQL in single-user mode: it says
 * `autovacuum = on` and never runs it, so a table whose rows come and go (the staged reminders,
 * the push outbox) grows by their size every time, and no table gets statistics.
 */
interface TableStats {
  heap: number;
  dead: number;
  vacuums: number;
  analyzes: number;
}

async function statsOf(handle: DatabaseHandle, table: string): Promise<TableStats> {
  const [row] = rowsOf<TableStats>(
    await handle.db.execute(sql`select pg_relation_size(relid)::int as heap, n_dead_tup::int as dead,
        vacuum_count::int as vacuums, analyze_count::int as analyzes
      from pg_stat_user_tables where relname = ${table}`),
  );
  if (!row) throw new Error(`no statistics for ${table}`);
  return row;
}

/** Rows inserted and then all deleted: what a burst does to the staged reminders. */
async function churn(handle: DatabaseHandle, table: string, rows: number): Promise<void> {
  await handle.db.execute(
    sql.raw(`insert into ${table} (note) select repeat('x', 200) from generate_series(1, ${rows})`),
  );
  await handle.db.execute(sql.raw(`delete from ${table}`));
}

describe('one maintenance pass on the embedded database', () => {
  let handle: DatabaseHandle;
  beforeAll(async () => {
    handle = await openDatabase({ inMemory: true });
    for (const table of ['churn_left', 'churn_kept', 'edited', 'quiet']) {
      await handle.db.execute(sql.raw(`create table ${table} (id serial primary key, note text)`));
    }
  });
  afterAll(async () => {
    await handle?.close();
  });

  it('PGlite alone reclaims nothing: a table whose rows come and go grows every time', async () => {
    const sizes: number[] = [];
    for (let round = 0; round < 3; round++) {
      await churn(handle, 'churn_left', 5000);
      sizes.push((await statsOf(handle, 'churn_left')).heap);
    }
    // Pruning on the way frees a little in place; the rest stays until a vacuum.
    expect(sizes[2]).toBeGreaterThanOrEqual(sizes[0]! * 2.5);
    expect((await statsOf(handle, 'churn_left')).vacuums).toBe(0);
  });

  it('keeps such a table at one round of rows, as PostgreSQL would', async () => {
    const sizes: number[] = [];
    for (let round = 0; round < 3; round++) {
      await churn(handle, 'churn_kept', 5000);
      const done = await handle.maintain!();
      expect(done).toContainEqual(expect.objectContaining({ table: 'public.churn_kept', action: 'vacuum' }));
      sizes.push((await statsOf(handle, 'churn_kept')).heap);
    }
    expect(sizes[2]).toBeLessThanOrEqual(sizes[0]!);
    expect((await statsOf(handle, 'churn_kept')).dead).toBe(0);
  });

  it('only analyzes a table whose rows changed past the analyze threshold but not the vacuum one', async () => {
    await handle.db.execute(sql`insert into edited (note) select 'a' from generate_series(1, 10000)`);
    await handle.maintain!();
    const before = await statsOf(handle, 'edited');
    // 1,200 changed rows: over analyze's 50 + 10 % of 10,000, under vacuum's 50 + 20 %.
    await handle.db.execute(sql`update edited set note = 'b' where id <= 1200`);
    const done = await handle.maintain!();
    expect(done).toContainEqual(expect.objectContaining({ table: 'public.edited', action: 'analyze' }));
    const after = await statsOf(handle, 'edited');
    expect(after.analyzes).toBe(before.analyzes + 1);
    expect(after.vacuums).toBe(before.vacuums);
  });

  it('leaves alone what is under the thresholds', async () => {
    await handle.maintain!();
    await handle.db.execute(sql`insert into quiet (note) values ('one'), ('two')`);
    await handle.db.execute(sql`delete from quiet where note = 'one'`);
    expect(await handle.maintain!()).toEqual([]);
  });
});

describe('when a pass runs', () => {
  const at = (time: string) => Date.parse(`2026-11-28T${time}Z`);
  it('runs halfway between whole minutes, clear of the instants reminders are due at', () => {
    expect(msUntilNextVacuum(at('08:00:00.000'), 60_000)).toBe(30_000);
    expect(msUntilNextVacuum(at('08:00:29.999'), 60_000)).toBe(1);
    expect(msUntilNextVacuum(at('08:00:30.000'), 60_000)).toBe(60_000);
    expect(msUntilNextVacuum(at('08:00:45.000'), 60_000)).toBe(45_000);
    expect(msUntilNextVacuum(at('08:00:00.250'), 1000)).toBe(250);
  });

  it("keeps to the half minutes of the app's clock, where it is not the system's", async () => {
    // The system's clock on a whole minute; the app's 29.9 s ahead of it, as the reminder
    // benchmark moves it. By the system's clock the first pass would wait 30 s.
    vi.useFakeTimers({ now: at('08:00:00.000') });
    const clock: Clock = { now: () => new Date(Date.now() + 29_900) };
    const passes: string[] = [];
    const silent = { info: () => undefined, debug: () => undefined, warn: () => undefined };
    const maintain = () => {
      passes.push(clock.now().toISOString().slice(11, 23));
      return Promise.resolve([]);
    };
    const vacuum = startEmbeddedVacuum(maintain, 60_000, silent, clock);
    try {
      await vi.advanceTimersByTimeAsync(200);
      expect(passes).toEqual(['08:00:30.000']);
      await vi.advanceTimersByTimeAsync(60_000);
      expect(passes).toEqual(['08:00:30.000', '08:01:30.000']);
    } finally {
      await vacuum?.stop();
      vi.useRealTimers();
    }
  });
});

describe('the database a server runs on', () => {
  it('has the pass only when it is embedded (a PostgreSQL server runs its own autovacuum)', async () => {
    const database = await createTestDatabase();
    try {
      expect(database.handle.maintain === undefined).toBe(TEST_ENGINE === 'postgres');
    } finally {
      await database.drop();
    }
  });
});

describe.skipIf(TEST_ENGINE === 'postgres')('the app on its embedded database', () => {
  let dataDir: string;
  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'medrem-vacuum-'));
  });
  afterAll(async () => {
    await rm(dataDir, { recursive: true, force: true });
  });

  async function deadRowsAfter(seconds: string, waitMs: number): Promise<TableStats> {
    const app = await buildApp({
      config: loadConfig({
        NODE_ENV: 'test',
        DATA_DIR: path.join(dataDir, seconds),
        LOG_LEVEL: 'silent',
        EMBEDDED_VACUUM_SECONDS: seconds,
        REMINDER_TICK_MS: '0',
      }),
      logger: false,
    });
    try {
      const handle = app.database;
      await handle.db.execute(sql`create table churn_app (id serial primary key, note text)`);
      await churn(handle, 'churn_app', 2000);
      const deadline = Date.now() + waitMs;
      let stats = await statsOf(handle, 'churn_app');
      while (stats.vacuums === 0 && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 100));
        stats = await statsOf(handle, 'churn_app');
      }
      return stats;
    } finally {
      await app.close();
    }
  }

  it('vacuums on its own, every EMBEDDED_VACUUM_SECONDS', async () => {
    // Passes come every second; the wait is generous for a loaded machine and ends at the first.
    const stats = await deadRowsAfter('1', 20_000);
    expect(stats.vacuums).toBeGreaterThan(0);
    expect(stats.dead).toBe(0);
  });

  it('does not with EMBEDDED_VACUUM_SECONDS=0', async () => {
    const stats = await deadRowsAfter('0', 2500);
    expect(stats.vacuums).toBe(0);
    expect(stats.dead).toBe(2000);
  });
});

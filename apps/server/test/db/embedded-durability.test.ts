import fs from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { PGlite as PGliteType } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { type DatabaseHandle, migrationsFolder, openDatabase, rowsOf } from '../../src/db/database';
import { durableStartParams } from '../../src/db/embedded-durability';
import { EmbeddedGroupCommit } from '../../src/db/embedded-group-commit';
import { checkpointWhenLogGrew, type LogClient } from '../../src/db/embedded-memory';
import { makePgliteTemplate, PGLITE_TEMPLATE_FILE } from '../../src/db/pglite-template';
import { watchFullSyncs } from '../support/watch-full-syncs';

/**
 * The embedded database on disk reaches the disk (decision 014): PostgreSQL runs with fsync on,
 * PGlite's Node file system, mended by the root postinstall (scripts/patch-dependencies.mjs), turns
 * PostgreSQL's syncs into real ones, and the app's writes return after a flush (group commit, its
 * own test). Without either, a commit and a checkpoint only reach the page
 * cache, and a power cut can lose acknowledged writes or leave a torn data directory. kill -9 alone
 * cannot show the difference (the page cache survives the process): the tests watch the syncs.
 */
const require = createRequire(import.meta.url);
const distDir = path.dirname(require.resolve('@electric-sql/pglite'));

describe("PGlite's Node file system", () => {
  it.each(['chunk-XZUEO4BZ.js', 'index.cjs'])('%s syncs to disk when PostgreSQL asks', (file) => {
    const source = readSource(file);
    expect(source).toContain('/* medrem: NODEFS syncs to disk');
    expect(source).not.toContain(
      'function ___syscall_fdatasync(e){try{return SYSCALLS.getStreamFromFD(e),0}',
    );
  });
});

describe('the embedded database on disk', () => {
  let dataDir: string;
  let handle: DatabaseHandle;
  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'medrem-durability-'));
    // Unpacked from the template the build makes (decision 298), as a built server's first start
    // does: what follows holds for it as for initdb's directory (the next describe).
    const template = path.join(dataDir, PGLITE_TEMPLATE_FILE);
    await makePgliteTemplate(template, migrationsFolder());
    handle = await openDatabase({ dataDir, loadDataDir: new Blob([await readFile(template)]) });
    await handle.db.execute(sql`create table durability_probe (id int primary key, note text)`);
    // Two PostgreSQL starts (the template's initdb, then the database): twice the hook's usual time.
  }, 120_000);
  afterAll(async () => {
    await handle?.close();
    await rm(dataDir, { recursive: true, force: true });
  });
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('runs PostgreSQL with fsync on', async () => {
    const [row] = rowsOf<{ fsync: string }>(await handle.db.execute(sql`show fsync`));
    expect(row?.fsync).toBe('on');
  });

  it('flushes the WAL to disk before a write returns', async () => {
    const datasync = vi.spyOn(fs, 'fdatasyncSync');
    await handle.db.execute(sql`insert into durability_probe values (1, 'one')`);
    expect(datasync).toHaveBeenCalled();
    const afterOne = datasync.mock.calls.length;
    await handle.db.transaction(async (tx) => {
      await tx.execute(sql`insert into durability_probe values (2, 'two')`);
      await tx.execute(sql`insert into durability_probe values (3, 'three')`);
      // Nothing is committed yet: PostgreSQL need not flush.
      expect(datasync.mock.calls.length).toBe(afterOne);
    });
    expect(datasync.mock.calls.length).toBeGreaterThan(afterOne);
  });

  it('flushes the files a checkpoint wrote', async () => {
    await handle.db.execute(sql`insert into durability_probe values (4, 'four')`);
    const fullSync = vi.spyOn(fs, 'fsyncSync');
    await handle.db.execute(sql`checkpoint`);
    expect(fullSync).toHaveBeenCalled();
  });

  // Decision 279: PostgreSQL's defaults made PGlite hold 128 MB of shared buffers in WebAssembly
  // memory it never gives back, and single-user PostgreSQL never checkpoints by itself, so its log
  // grew by every write until the server stopped.
  const setting = async (name: string) =>
    rowsOf<{ setting: string }>(await handle.db.execute(sql`select current_setting(${name}) as setting`))[0]
      ?.setting;

  it('runs with small shared buffers and a small maintenance memory, as the template holds them', async () => {
    expect(await setting('shared_buffers')).toBe('16MB');
    expect(await setting('maintenance_work_mem')).toBe('16MB');
    expect(await setting('max_wal_size')).toBe('128MB');
    const conf = await readFile(path.join(dataDir, 'pglite', 'postgresql.conf'), 'utf8');
    expect(conf).toMatch(/^shared_buffers = 16MB/m);
  });

  it('checkpoints once the log since the last checkpoint passed the limit, and only then', async () => {
    // The server's own client (its group commit included), as the maintenance pass uses it.
    const client: LogClient = {
      query: async <T>(text: string) => ({ rows: rowsOf<T>(await handle.db.execute(sql.raw(text))) }),
      exec: (text) => handle.db.execute(sql.raw(text)),
    };
    const redo = async () =>
      rowsOf<{ redo: string }>(
        await handle.db.execute(sql`select redo_lsn::text as redo from pg_control_checkpoint()`),
      )[0]?.redo;
    await handle.db.execute(sql`checkpoint`);
    await handle.db.execute(
      sql`insert into durability_probe select 100 + i, repeat('x', 200) from generate_series(1, 5000) as i`,
    );
    const before = await redo();
    // About 1.5 MB of log: under the 64 MB limit nothing happens; over 256 kB, a checkpoint.
    expect(await checkpointWhenLogGrew(client)).toEqual([]);
    expect(await redo()).toBe(before);
    const done = await checkpointWhenLogGrew(client, 256 * 1024);
    expect(done).toEqual([expect.objectContaining({ table: 'pg_wal', action: 'checkpoint' })]);
    expect(await redo()).not.toBe(before);
    expect(await checkpointWhenLogGrew(client, 256 * 1024)).toEqual([]);
  });

  it('keeps an in-memory database as PGlite starts it (nothing to flush)', async () => {
    const memory = await openDatabase({ inMemory: true });
    try {
      const [row] = rowsOf<{ fsync: string }>(await memory.db.execute(sql`show fsync`));
      expect(row?.fsync).toBe('off');
    } finally {
      await memory.close();
    }
  });
});

describe('a new embedded data directory', () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('reaches the disk whole before the database is handed out, and is not walked again on the next start', async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'medrem-durability-new-'));
    const synced = watchFullSyncs();
    try {
      // initdb's files are unpacked through PGlite's file system, which PostgreSQL never syncs.
      const first = await openDatabase({ dataDir });
      const atOpen = new Set(synced);
      await first.close();
      const pglite = path.join(dataDir, 'pglite');
      for (const file of ['PG_VERSION', 'global/pg_control', 'base/1/1259']) {
        expect(atOpen, file).toContain(path.join(pglite, file));
      }
      expect(atOpen).toContain(path.join(pglite, 'base'));
      expect(atOpen).toContain(pglite);
      // The entry that names the new directory.
      expect(atOpen).toContain(dataDir);

      synced.length = 0;
      const again = await openDatabase({ dataDir });
      await again.close();
      expect(synced).not.toContain(path.join(pglite, 'PG_VERSION'));
      expect(synced).not.toContain(dataDir);
    } finally {
      vi.restoreAllMocks();
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});

describe("PGlite's CommonJS build", () => {
  it('flushes a commit to disk as well', async () => {
    const { PGlite: CommonJsPGlite } = require('@electric-sql/pglite') as { PGlite: typeof PGliteType };
    const dataDir = await mkdtemp(path.join(tmpdir(), 'medrem-durability-cjs-'));
    const pg = await CommonJsPGlite.create({ dataDir, startParams: durableStartParams() });
    try {
      await pg.exec('create table t (id int)');
      const datasync = vi.spyOn(fs, 'fdatasyncSync');
      await new EmbeddedGroupCommit(pg).transaction(pg, (tx) => tx.exec('insert into t values (1)'));
      expect(datasync).toHaveBeenCalled();
    } finally {
      vi.restoreAllMocks();
      await pg.close();
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});

function readSource(file: string): string {
  return fs.readFileSync(path.join(distDir, file), 'utf8');
}

import fs from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { durableStartParams } from '../../src/db/embedded-durability';
import { EmbeddedGroupCommit, isReadStatement } from '../../src/db/embedded-group-commit';
import { PgliteNamedStatements } from '../../src/db/pglite-named-statements';
import { embeddedDriverClient } from '../../src/db/pglite-parsers';

/**
 * Decision 014: the embedded database commits asynchronously and a write returns only after a flush
 * that covers its commit; concurrent writes share flushes. The order of events is recorded: each
 * statement's end, each disk flush (fs.fdatasyncSync, which the mended PGlite calls), each answer.
 */
describe('group commit on the embedded database', () => {
  let dataDir: string;
  let pg: PGlite;
  let commits: EmbeddedGroupCommit;
  const events: string[] = [];
  let client: Pick<PGlite, 'query' | 'transaction'>;

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'medrem-group-commit-'));
    pg = await PGlite.create({ dataDir, startParams: durableStartParams() });
    await pg.exec('create table probe (id int primary key)');
    commits = new EmbeddedGroupCommit(pg);
    // The raw client, telling when each of the test's statements has run (its commit follows).
    const recorded = <Q extends Pick<PGlite, 'query'>>(q: Q) =>
      (async (text: string, params?: unknown[]) => {
        const result = await q.query(text, params);
        if (text.startsWith('insert into probe')) events.push(`done ${String(params?.[0])}`);
        return result;
      }) as PGlite['query'];
    const recording = {
      query: recorded(pg),
      transaction: (callback: (tx: Pick<PGlite, 'query'>) => Promise<unknown>) =>
        pg.transaction((tx) => callback({ query: recorded(tx) })),
    } as unknown as Pick<PGlite, 'query' | 'transaction'>;
    client = embeddedDriverClient(recording, undefined, commits);
  });
  afterAll(async () => {
    vi.restoreAllMocks();
    await pg?.close();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  it('answers a write only after a disk flush that began after its commit, and shares flushes', async () => {
    const sync = fs.fdatasyncSync;
    vi.spyOn(fs, 'fdatasyncSync').mockImplementation((fd) => {
      events.push('sync');
      sync(fd);
    });
    const flushesBefore = commits.flushes;
    const ids = Array.from({ length: 50 }, (_, i) => i + 1);
    await Promise.all(
      ids.map(async (id) => {
        await client.query('insert into probe values ($1)', [id]);
        events.push(`answered ${id}`);
      }),
    );
    vi.restoreAllMocks();

    for (const id of ids) {
      const done = events.indexOf(`done ${id}`);
      const answered = events.indexOf(`answered ${id}`);
      expect(done, `write ${id} ran`).toBeGreaterThanOrEqual(0);
      const syncBetween = events.slice(done + 1, answered).includes('sync');
      expect(syncBetween, `write ${id} answered after a flush that followed it`).toBe(true);
    }
    const flushes = commits.flushes - flushesBefore;
    expect(flushes).toBeGreaterThanOrEqual(1);
    // 50 writes in flight at once: far fewer flushes than writes.
    expect(flushes).toBeLessThan(25);
    const { rows } = await pg.query<{ n: number }>('select count(*)::int as n from probe');
    expect(rows[0]!.n).toBe(50);
  });

  it('groups writes run as named statements too, each answered after a flush', async () => {
    const named = embeddedDriverClient(pg, new PgliteNamedStatements(pg), commits);
    const before = commits.flushes;
    const ids = Array.from({ length: 50 }, (_, i) => 2001 + i);
    const flushedBy = await Promise.all(
      ids.map(async (id) => {
        const at = commits.flushes;
        await named.query('insert into probe values ($1)', [id]);
        return commits.flushes - at;
      }),
    );
    expect(flushedBy.every((n) => n >= 1)).toBe(true);
    expect(commits.flushes - before).toBeLessThan(25);
  });

  it('flushes after a transaction, and not after a read', async () => {
    const before = commits.flushes;
    await client.query('select count(*) from probe');
    expect(commits.flushes).toBe(before);
    await client.transaction(async (tx) => {
      await tx.query('insert into probe values ($1)', [1001]);
      // Inside the transaction nothing is committed: no flush yet.
      expect(commits.flushes).toBe(before);
    });
    expect(commits.flushes).toBe(before + 1);
  });

  it('does not flush to disk after a write that changed nothing', async () => {
    await client.query('insert into probe values ($1)', [3001]);
    const datasync = vi.spyOn(fs, 'fdatasyncSync');
    try {
      const before = commits.flushes;
      await client.query('update probe set id = id where id < $1', [0]);
      await client.query('delete from probe where id = $1', [-1]);
      expect(datasync).not.toHaveBeenCalled();
      expect(commits.flushes).toBe(before);
      await client.query('delete from probe where id = $1', [3001]);
      expect(datasync).toHaveBeenCalled();
      expect(commits.flushes).toBe(before + 1);
    } finally {
      vi.restoreAllMocks();
    }
  });

  it('tells reads from writes by their first word', () => {
    expect(isReadStatement('select 1')).toBe(true);
    expect(isReadStatement('  SELECT * from t')).toBe(true);
    expect(isReadStatement('show fsync')).toBe(true);
    expect(isReadStatement('with x as (delete from t returning 1) select count(*) from x')).toBe(false);
    expect(isReadStatement('insert into t values (1)')).toBe(false);
    expect(isReadStatement('update t set a = 1')).toBe(false);
  });
});

import fs from 'node:fs';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { migrationsFolder, openDatabase, rowsOf } from '../../src/db/database';
import { makePgliteTemplate, PGLITE_TEMPLATE_FILE } from '../../src/db/pglite-template';
import { watchFullSyncs } from '../support/watch-full-syncs';

/**
 * A new embedded data directory is unpacked on the disk from the build's migrated template, or from
 * a restore's tar, before PGlite opens it (decision 358): whole, flushed, renamed into place, and
 * never half-made.
 */
describe('a data directory unpacked before PGlite opens it', () => {
  let folder: string;
  let template: string;
  beforeAll(async () => {
    folder = await mkdtemp(path.join(tmpdir(), 'medrem-unpack-'));
    template = path.join(folder, PGLITE_TEMPLATE_FILE);
    await makePgliteTemplate(template, migrationsFolder());
  }, 120_000);
  afterAll(() => rm(folder, { recursive: true, force: true }));
  afterEach(() => {
    vi.restoreAllMocks();
  });

  const newDataDir = () => mkdtemp(path.join(folder, 'data-'));

  it('holds every migration, so a first start applies none', async () => {
    const journal = JSON.parse(
      await readFile(path.join(migrationsFolder(), 'meta', '_journal.json'), 'utf8'),
    ) as { entries: unknown[] };
    const dataDir = await newDataDir();
    const handle = await openDatabase({ dataDir, loadDataDir: new Blob([await readFile(template)]) });
    try {
      const applied = async () =>
        rowsOf<{ n: number }>(
          await handle.db.execute(sql`select count(*)::int as n from drizzle.__drizzle_migrations`),
        )[0]!.n;
      expect(await applied()).toBe(journal.entries.length);
      await handle.migrate();
      expect(await applied()).toBe(journal.entries.length);
      const [users] = rowsOf<{ n: number }>(
        await handle.db.execute(sql`select count(*)::int as n from users`),
      );
      expect(users?.n).toBe(0);
    } finally {
      await handle.close();
    }
  });

  it('flushes every file under a name of its own, then renames it into place', async () => {
    const dataDir = await newDataDir();
    const synced = watchFullSyncs();
    const handle = await openDatabase({ dataDir, loadDataDir: new Blob([await readFile(template)]) });
    await handle.close();
    const pglite = path.join(dataDir, 'pglite');
    for (const file of ['PG_VERSION', 'global/pg_control', 'base/1/1259']) {
      expect(synced).toContain(path.join(`${pglite}.unpacking`, file));
    }
    // The rename reaches the disk with the directory that names it, after every file unpacked.
    const lastUnpacked = synced.findLastIndex((p) => p.startsWith(`${pglite}.unpacking`));
    expect(synced.indexOf(dataDir, lastUnpacked)).toBeGreaterThan(lastUnpacked);
    expect(fs.existsSync(path.join(pglite, 'PG_VERSION'))).toBe(true);
    expect(fs.existsSync(`${pglite}.unpacking`)).toBe(false);
  });

  it("unpacks a backup's uncompressed tar (a restore) with what was written", async () => {
    const source = await openDatabase({
      dataDir: await newDataDir(),
      loadDataDir: new Blob([await readFile(template)]),
    });
    let tar: Uint8Array;
    try {
      await source.db.execute(
        sql`insert into users (id, name, email) values (gen_random_uuid(), 'Ann', 'ann@example.com')`,
      );
      tar = await source.snapshot!();
    } finally {
      await source.close();
    }
    const restored = await openDatabase({ dataDir: await newDataDir(), loadDataDir: new Blob([tar]) });
    try {
      const rows = rowsOf<{ email: string }>(await restored.db.execute(sql`select email from users`));
      expect(rows).toEqual([{ email: 'ann@example.com' }]);
    } finally {
      await restored.close();
    }
  });

  it('leaves nothing behind when the archive is damaged', async () => {
    const dataDir = await newDataDir();
    const bytes = await readFile(template);
    const cut = new Blob([bytes.subarray(0, Math.floor(bytes.length / 2))]);
    await expect(openDatabase({ dataDir, loadDataDir: cut })).rejects.toThrow(
      /archive could not be unpacked/,
    );
    expect(fs.readdirSync(dataDir)).toEqual([]);
    // A later start with a whole archive goes ahead.
    const handle = await openDatabase({ dataDir, loadDataDir: new Blob([bytes]) });
    await handle.close();
  });

  it('does not remove a directory that holds files but no database', async () => {
    const dataDir = await newDataDir();
    await mkdir(path.join(dataDir, 'pglite'));
    await writeFile(path.join(dataDir, 'pglite', 'notes.txt'), 'mine');
    await expect(
      openDatabase({ dataDir, loadDataDir: new Blob([await readFile(template)]) }),
    ).rejects.toThrow(/ENOTEMPTY|not empty/);
    expect(await readFile(path.join(dataDir, 'pglite', 'notes.txt'), 'utf8')).toBe('mine');
  });
});

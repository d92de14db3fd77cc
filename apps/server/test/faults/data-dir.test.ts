import { spawnSync } from 'node:child_process';
import { chmod, mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assertUsableDataDir } from '../../src/config/data-dir';
import { TEST_ENGINE } from '../support/test-database';
import { spawnServer } from './support/server-process';

/**
 * A DATA_DIR the server cannot write (read-only mount, no permission, full disk): the start ends
 * with one clear sentence and exit code 1, before anything listens. As root (CI containers), a
 * real read-only / tiny tmpfs is mounted; otherwise permissions stand in for the read-only mount.
 */
const isRoot = process.getuid?.() === 0;

describe.skipIf(TEST_ENGINE !== 'pglite')('an unusable DATA_DIR at start', () => {
  let base: string;
  const mounts: string[] = [];

  /** A tmpfs at a new directory, or undefined where this user cannot mount. */
  function mountTmpfs(dir: string, options: string): boolean {
    const result = spawnSync('mount', ['-t', 'tmpfs', '-o', options, 'tmpfs', dir]);
    if (result.status === 0) mounts.push(dir);
    return result.status === 0;
  }

  beforeAll(async () => {
    base = await mkdtemp(path.join(tmpdir(), 'medrem-datadir-'));
  });
  afterAll(async () => {
    for (const dir of mounts) spawnSync('umount', [dir]);
    await rm(base, { recursive: true, force: true });
  });

  async function expectRefusedStart(dataDir: string, sentence: RegExp) {
    const server = await spawnServer({ DATA_DIR: dataDir });
    expect(await server.ready(60_000), server.output()).toBe(false);
    expect(await server.exited).toBe(1);
    expect(server.output()).toMatch(sentence);
    // Nothing was left listening, and no half-made database either.
    await expect(fetch(`${server.baseUrl}/api/health`)).rejects.toThrow();
  }

  it('refuses a read-only DATA_DIR', { timeout: 90_000 }, async () => {
    const dir = path.join(base, 'read-only');
    await mkdir(dir);
    if (isRoot && mountTmpfs(dir, 'ro,size=1m')) {
      await expectRefusedStart(dir, /DATA_DIR .*read-only file system \(EROFS\)/);
    } else {
      await chmod(dir, 0o555);
      await expectRefusedStart(dir, /DATA_DIR .*not writable by this user \(EACCES\)/);
    }
  });

  it('refuses a full disk', { timeout: 90_000 }, async (context) => {
    const dir = path.join(base, 'full');
    await mkdir(dir);
    if (!isRoot || !mountTmpfs(dir, 'size=256k')) {
      console.warn('!! SKIPPED: the full-disk start test needs to mount a small tmpfs (root).');
      context.skip();
      return;
    }
    // Fill it to the last block.
    await writeFile(path.join(dir, 'filler'), Buffer.alloc(1024 * 1024)).catch(() => undefined);
    await expectRefusedStart(dir, /DATA_DIR .* is full \(ENOSPC\)/);
  });

  it('refuses a disk too full for the embedded database, naming the free space', async () => {
    const dir = path.join(base, 'nearly-full');
    await expect(assertUsableDataDir(dir, 2 ** 50)).rejects.toThrow(
      /DATA_DIR .* is \(nearly\) full: \d+ KiB free, at least \d+ MiB needed/,
    );
    // And a healthy one passes, leaving no probe file behind.
    await assertUsableDataDir(dir);
    expect(spawnSync('ls', ['-A', dir], { encoding: 'utf8' }).stdout).toBe('');
  });
});

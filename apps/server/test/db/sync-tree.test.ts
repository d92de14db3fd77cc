import fs from 'node:fs';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { syncTree } from '../../src/db/sync-tree';

describe('syncTree (a data directory written outside PostgreSQL, flushed to disk)', () => {
  let root: string;
  beforeAll(async () => {
    root = await mkdtemp(path.join(tmpdir(), 'medrem-sync-tree-'));
    await mkdir(path.join(root, 'base', '5'), { recursive: true });
    await mkdir(path.join(root, 'pg_wal'));
    await writeFile(path.join(root, 'PG_VERSION'), '17\n');
    await writeFile(path.join(root, 'base', '5', '1259'), 'x'.repeat(8192));
    await writeFile(path.join(root, 'pg_wal', '000000010000000000000001'), 'wal');
  });
  afterAll(() => rm(root, { recursive: true, force: true }));

  it('flushes every file and every directory, each directory after what it holds', () => {
    const opened = new Map<number, string>();
    const open = fs.openSync;
    vi.spyOn(fs, 'openSync').mockImplementation((file, flags) => {
      const fd = open(file, flags);
      opened.set(fd, path.relative(root, String(file)) || '.');
      return fd;
    });
    const order: string[] = [];
    const fsync = fs.fsyncSync;
    vi.spyOn(fs, 'fsyncSync').mockImplementation((fd) => {
      order.push(opened.get(fd)!);
      fsync(fd);
    });
    try {
      expect(syncTree(root)).toBe(7);
    } finally {
      vi.restoreAllMocks();
    }
    expect(new Set(order)).toEqual(
      new Set([
        'PG_VERSION',
        'base/5/1259',
        'base/5',
        'base',
        'pg_wal/000000010000000000000001',
        'pg_wal',
        '.',
      ]),
    );
    expect(order.at(-1)).toBe('.');
    expect(order.indexOf('base/5/1259')).toBeLessThan(order.indexOf('base/5'));
    expect(order.indexOf('base/5')).toBeLessThan(order.indexOf('base'));
  });
});

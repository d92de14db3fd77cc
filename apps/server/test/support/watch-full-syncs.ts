import fs from 'node:fs';
import { vi } from 'vitest';

/**
 * The paths flushed with `fs.fsyncSync` from now on, in order (by their descriptors' paths): what
 * reached the disk (decision 014). Undone by `vi.restoreAllMocks()`.
 */
export function watchFullSyncs(): string[] {
  const opened = new Map<number, string>();
  const open = fs.openSync;
  vi.spyOn(fs, 'openSync').mockImplementation((file, flags, mode) => {
    const fd = open(file, flags, mode);
    opened.set(fd, String(file));
    return fd;
  });
  const synced: string[] = [];
  const fsync = fs.fsyncSync;
  vi.spyOn(fs, 'fsyncSync').mockImplementation((fd) => {
    const target = opened.get(fd);
    if (target) synced.push(target);
    fsync(fd);
  });
  return synced;
}

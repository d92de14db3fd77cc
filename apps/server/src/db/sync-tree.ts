import fs from 'node:fs';
import path from 'node:path';

/**
 * Flushes every file and directory under `root` to disk, deepest first (decision 014). PGlite
 * writes a new data directory (initdb's files, or a restore's) by unpacking a tar through its Node
 * file system, and PostgreSQL syncs only the files it writes itself later: without this, a data
 * directory just made or restored could be lost or torn by a power cut until the kernel happened to
 * write it back. Synchronous: it runs once, before the server or the restore command serves anything.
 */
export function syncTree(root: string): number {
  let synced = 0;
  for (const entry of fs.readdirSync(root, { withFileTypes: true })) {
    const target = path.join(root, entry.name);
    if (entry.isDirectory()) synced += syncTree(target);
    else if (entry.isFile()) synced += syncPath(target);
  }
  // The directory last: its entries (the names of the files above) reach the disk with it.
  return synced + syncPath(root);
}

/** Flushes one file or directory (a directory: the names it holds). */
export function syncPath(target: string): number {
  const fd = fs.openSync(target, 'r');
  try {
    fs.fsyncSync(fd);
  } finally {
    fs.closeSync(fd);
  }
  return 1;
}

import fs from 'node:fs';
import path from 'node:path';

/**
 * Flushes every file and directory under `root` to disk, deepest first (decision 014). A restore
 * writes the embedded database's files through PGlite, which syncs only what PostgreSQL itself
 * wrote: without this, the files of a restore reported done could still be lost to a power cut.
 * Synchronous: it runs in the restore command, with nothing else to serve.
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

function syncPath(target: string): number {
  const fd = fs.openSync(target, 'r');
  try {
    fs.fsyncSync(fd);
  } finally {
    fs.closeSync(fd);
  }
  return 1;
}

import { randomBytes } from 'node:crypto';
import { mkdir, open, statfs, unlink } from 'node:fs/promises';
import path from 'node:path';

/**
 * Below this much free space the embedded database cannot even be created (its initdb alone
 * writes about 40 MB), and secrets.json could be half-written: refuse to start rather than serve
 * a few requests and fail on the first write.
 */
export const MIN_FREE_BYTES = 64 * 1024 * 1024;

/**
 * Checks, before anything opens, that DATA_DIR exists (or can be made), is writable, and has room:
 * a read-only or full disk ends the start with one clear sentence instead of a half-started server.
 */
export async function assertUsableDataDir(dataDir: string, minFreeBytes = MIN_FREE_BYTES): Promise<void> {
  const probe = path.join(dataDir, `.write-probe-${process.pid}-${randomBytes(4).toString('hex')}`);
  try {
    await mkdir(dataDir, { recursive: true });
    // A real write and fsync: some read-only or full file systems only refuse at that point.
    const handle = await open(probe, 'wx', 0o600);
    try {
      await handle.write(randomBytes(4096));
      await handle.sync();
    } finally {
      await handle.close();
    }
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? 'unknown';
    throw new Error(dataDirProblem(dataDir, code));
  } finally {
    await unlink(probe).catch(() => undefined);
  }
  const stats = await statfs(dataDir);
  const free = stats.bavail * stats.bsize;
  if (free < minFreeBytes) {
    throw new Error(
      `DATA_DIR ${dataDir} is (nearly) full: ${Math.floor(free / 1024)} KiB free, at least ${Math.ceil(minFreeBytes / 1024 / 1024)} MiB needed. Free some space and start again.`,
    );
  }
}

function dataDirProblem(dataDir: string, code: string): string {
  switch (code) {
    case 'ENOSPC':
    case 'EDQUOT':
      return `DATA_DIR ${dataDir} is full (${code}): free some space and start again.`;
    case 'EROFS':
      return `DATA_DIR ${dataDir} is on a read-only file system (EROFS): mount it writable or point DATA_DIR elsewhere.`;
    case 'EACCES':
    case 'EPERM':
      return `DATA_DIR ${dataDir} is not writable by this user (${code}): fix its owner or permissions, or point DATA_DIR elsewhere.`;
    default:
      return `DATA_DIR ${dataDir} cannot be written (${code}).`;
  }
}

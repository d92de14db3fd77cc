import { open, rename, unlink } from 'node:fs/promises';

/**
 * Writes `file` mode 0600 through a temporary file in the same directory and a rename: a reader (or
 * a crash) sees the old file or the whole new one, never half of it. Backups and secrets.json hold
 * secrets, hence 0600.
 */
export async function writePrivateFile(file: string, data: Uint8Array): Promise<void> {
  const temp = `${file}.${process.pid}.tmp`;
  try {
    const handle = await open(temp, 'wx', 0o600);
    try {
      await handle.writeFile(data);
      await handle.sync();
    } finally {
      await handle.close();
    }
    await rename(temp, file);
  } catch (error) {
    await unlink(temp).catch(() => undefined);
    throw error;
  }
}

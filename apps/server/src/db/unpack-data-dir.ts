import { createReadStream, existsSync } from 'node:fs';
import { mkdir, rename, rm, rmdir } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { x as extractTar } from 'tar';
import { syncPath, syncTree } from './sync-tree';

/**
 * Writes a data directory from a tar (PGlite's dump: the build's template, a backup's database) to
 * `dataPath` on the disk, in Node, before PGlite opens it (decision 358). PGlite's own `loadDataDir`
 * unpacked it inside its WebAssembly memory, which never shrinks: a first start held ~130 MiB more
 * for the life of the process than opening the same directory did.
 *
 * Unpacked beside `dataPath`, flushed (decision 014: PostgreSQL syncs only what it writes itself),
 * then renamed into place: a crash half-way leaves no directory that looks created but is torn.
 */
export async function unpackDataDir(source: Blob | string, dataPath: string): Promise<void> {
  const unpacking = `${dataPath}.unpacking`;
  await rm(unpacking, { recursive: true, force: true });
  await mkdir(unpacking, { recursive: true, mode: 0o700 });
  const problems: string[] = [];
  const input = typeof source === 'string' ? createReadStream(source) : Readable.from(chunksOf(source));
  try {
    await pipeline(
      input,
      extractTar({
        cwd: unpacking,
        // PGlite's dump names its entries from the root ("/PG_VERSION"): stripping that root is the
        // one notice expected; any other entry refused means a damaged or foreign archive.
        onwarn: (code, message) => {
          if (code !== 'TAR_ENTRY_INFO') problems.push(`${code}: ${String(message)}`);
        },
      }),
    );
    if (problems.length > 0) throw new Error(problems.slice(0, 3).join('; '));
    if (!existsSync(path.join(unpacking, 'PG_VERSION'))) throw new Error('it holds no PG_VERSION');
  } catch (error) {
    // The extractor may still be finishing writes it began before the archive failed: retried
    // until the directory stays empty.
    await rm(unpacking, { recursive: true, force: true, maxRetries: 20, retryDelay: 50 });
    throw new Error(`the data directory's archive could not be unpacked: ${(error as Error).message}`);
  }
  syncTree(unpacking);
  // An empty directory where the data will be (made by an earlier start or a restore) is replaced;
  // one holding files is not ours to remove, and rmdir refuses it.
  await rmdir(dataPath).catch((error: NodeJS.ErrnoException) => {
    if (error.code !== 'ENOENT') throw error;
  });
  await rename(unpacking, dataPath);
  syncPath(path.dirname(dataPath));
}

/**
 * A blob's bytes a mebibyte at a time, as Buffers: slices rather than its stream, one code for
 * Node's and the DOM's typings (the web app's type check reads this file too); Buffers because
 * tar's parser reads headers with Buffer methods, and a plain Uint8Array failed every checksum.
 */
async function* chunksOf(blob: Blob): AsyncGenerator<Buffer> {
  for (let at = 0; at < blob.size; at += 1024 * 1024) {
    yield Buffer.from(await blob.slice(at, at + 1024 * 1024).arrayBuffer());
  }
}

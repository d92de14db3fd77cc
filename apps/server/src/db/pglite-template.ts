import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { durableStartParams } from './embedded-durability';
import { embeddedSettingParams } from './embedded-memory';

/**
 * A new embedded data directory as initdb leaves it, made when the server is built and unpacked by
 * a first start instead of running initdb (decision 298). PGlite's initdb runs a second PostgreSQL
 * instance and initdb's own WebAssembly beside the first, each with WebAssembly memory it fills:
 * a bare PGlite creating its directory peaked at 730–810 MiB, against 150–190 MiB opening one, and a
 * first start is the embedded server's highest peak by far.
 */
export const PGLITE_TEMPLATE_FILE = 'pglite-template.tar.gz';

/** The template beside the server's bundle (dist/), or undefined (run from source: initdb). */
export async function bundledPgliteTemplate(): Promise<Blob | undefined> {
  const file = fileURLToPath(new URL(`./${PGLITE_TEMPLATE_FILE}`, import.meta.url));
  if (!existsSync(file)) return undefined;
  return new Blob([await readFile(file)]);
}

/**
 * Runs initdb with the server's settings in a scratch directory and writes it as a gzipped tar to
 * `file`. Run by the build in its own process (the initdb peak is the build's, once).
 */
export async function makePgliteTemplate(file: string): Promise<void> {
  const scratch = await mkdtemp(path.join(tmpdir(), 'medrem-pglite-template-'));
  try {
    const pg = await PGlite.create({
      dataDir: path.join(scratch, 'pglite'),
      startParams: [...durableStartParams(), ...embeddedSettingParams()],
      initDbStartParams: embeddedSettingParams(),
    });
    try {
      // Flushed first, so the copy holds no log to replay.
      await pg.exec('CHECKPOINT');
      const tar = await pg.dumpDataDir('gzip');
      await writeFile(file, new Uint8Array(await tar.arrayBuffer()));
    } finally {
      await pg.close();
    }
  } finally {
    await rm(scratch, { recursive: true, force: true });
  }
}

import { existsSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { durableStartParams } from './embedded-durability';
import { embeddedSettingParams } from './embedded-memory';

/**
 * A new embedded data directory, made when the server is built and unpacked by a first start
 * instead of running initdb (decision 298). PGlite's initdb runs a second PostgreSQL instance and
 * initdb's own WebAssembly beside the first, each with WebAssembly memory it fills: a bare PGlite
 * creating its directory peaked at 730–810 MiB, against 150–190 MiB opening one. It holds the
 * build's migrations too (decision 358): run at a first start, they left ~70 MiB more of PGlite's
 * memory touched for the life of the process.
 */
export const PGLITE_TEMPLATE_FILE = 'pglite-template.tar.gz';

/** The template's file beside the server's bundle (dist/), or undefined (run from source: initdb). */
export function bundledPgliteTemplate(): string | undefined {
  const file = fileURLToPath(new URL(`./${PGLITE_TEMPLATE_FILE}`, import.meta.url));
  return existsSync(file) ? file : undefined;
}

/**
 * Runs initdb with the server's settings in a scratch directory, applies the migrations in
 * `migrationsFolder` as the server would, and writes the directory as a gzipped tar to `file`. Run
 * by the build in its own process (the initdb peak is the build's, once). A server whose code has
 * migrations the template lacks applies them at its start, as on any upgrade.
 */
export async function makePgliteTemplate(file: string, migrationsFolder: string): Promise<void> {
  const scratch = await mkdtemp(path.join(tmpdir(), 'medrem-pglite-template-'));
  try {
    const pg = await PGlite.create({
      dataDir: path.join(scratch, 'pglite'),
      startParams: [...durableStartParams(), ...embeddedSettingParams()],
      initDbStartParams: embeddedSettingParams(),
    });
    try {
      await migrate(drizzle(pg), { migrationsFolder });
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

import { PGlite } from '@electric-sql/pglite';

/**
 * PostgreSQL's start options for an embedded database kept on disk (decision 014): PGlite's own
 * without `-F` (fsync off), and commits asynchronous.
 *
 * - fsync on: the WAL is flushed when PostgreSQL asks and a checkpoint flushes the files it wrote,
 *   so a power cut or a kernel crash cannot leave a torn data directory. (PGlite's Node file system
 *   only flushes with the mend of `scripts/patch-dependencies.mjs`.)
 * - `synchronous_commit=off`: a commit does not flush by itself; `EmbeddedGroupCommit` flushes once
 *   for all the commits that finished meanwhile, and every write waits for it before it returns.
 *   Whoever opens a database with these options must send its writes through it.
 *
 * An in-memory database keeps PGlite's defaults: it has nothing to flush.
 */
export function durableStartParams(): string[] {
  return [...PGlite.defaultStartParams.filter((param) => param !== '-F'), '-c', 'synchronous_commit=off'];
}

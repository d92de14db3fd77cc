import { availableParallelism } from 'node:os';

/**
 * Connections per process to a PostgreSQL server when `DATABASE_POOL_SIZE` is not set (decision
 * 157): twice this machine's cores, at least 4 and at most 20. postgres.js pipelines queries on a
 * busy connection, so a few connections carry any number of requests; more connections than the
 * database's cores only make its backends compete for them. On the 2-core development machine, 4
 * instead of the former 10 served the reads as fast or faster (the notifications list by a quarter;
 * docs/benchmarks.md). The cores counted are the app's: the server's own are unknown here, and the
 * default assumes the small one-machine deployment; a larger one sets the variable.
 */
export function defaultDatabasePoolSize(cores = availableParallelism()): number {
  return Math.min(20, Math.max(4, 2 * cores));
}

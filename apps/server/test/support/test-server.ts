import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { type BuildAppOptions, buildApp } from '../../src/app';
import { loadConfig } from '../../src/config/config';
import { type Clock, ManualClock } from '../../src/lib/clock';
import { type TestDatabase, createTestDatabase } from './test-database';

export interface TestServer {
  app: FastifyInstance;
  baseUrl: string;
  clock: ManualClock;
  database: TestDatabase;
  dataDir: string;
  close(): Promise<void>;
}

/**
 * Builds the real app on a fresh database (or on `database`, which it then owns and drops on close)
 * and listens on a random loopback port, so tests speak real HTTP to it. The clock is a
 * ManualClock starting at `now`. With `logLines`, the app logs at info into that array (JSON lines);
 * otherwise it does not log.
 */
export async function startTestServer(
  options: {
    now?: string;
    env?: Record<string, string>;
    clock?: Clock;
    database?: TestDatabase;
    logLines?: string[];
    /** Told of every route the app adds. */
    onRoute?: BuildAppOptions['onRoute'];
  } = {},
): Promise<TestServer> {
  const database = options.database ?? (await createTestDatabase());
  const dataDir = await mkdtemp(path.join(tmpdir(), 'medrem-test-'));
  const clock = new ManualClock(new Date(options.now ?? '2026-11-21T10:00:00.000Z'));
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    LOG_LEVEL: options.logLines ? 'info' : 'silent',
    LOGIN_MAX_FAILURES_PER_IP: '1000',
    RATE_LIMIT_PER_MINUTE: '100000',
    ...options.env,
  });
  const { logLines } = options;
  const app = await buildApp({
    config,
    clock,
    database: database.handle,
    ...(options.onRoute ? { onRoute: options.onRoute } : {}),
    ...(logLines ? { logStream: { write: (line: string) => void logLines.push(line) } } : { logger: false }),
  });
  await app.listen({ host: '127.0.0.1', port: 0 });
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('server has no port');
  return {
    app,
    baseUrl: `http://127.0.0.1:${address.port}`,
    clock,
    database,
    dataDir,
    async close() {
      await app.close();
      await database.drop();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

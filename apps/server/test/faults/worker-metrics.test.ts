import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_ENGINE, createEmptyServerDatabase } from '../support/test-database';
import { freePort } from '../support/free-port';
import { type ServerProcess, spawnWorker } from './support/server-process';

const TOKEN = 'worker-metrics-token-0123456789';

/** A worker process has no HTTP server: its metrics are on METRICS_PORT, behind the same token. */
describe(`worker metrics on METRICS_PORT (${TEST_ENGINE})`, () => {
  let dataDir: string;
  let worker: ServerProcess | undefined;
  let dropDatabase: (() => Promise<void>) | undefined;
  let port: number;

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'medrem-worker-metrics-'));
    port = await freePort();
    const env: Record<string, string> = {
      DATA_DIR: dataDir,
      METRICS_PORT: String(port),
      METRICS_TOKEN: TOKEN,
    };
    if (TEST_ENGINE === 'postgres') {
      const database = await createEmptyServerDatabase(process.env.TEST_DATABASE_URL!);
      env.DATABASE_URL = database.url;
      dropDatabase = () => database.drop();
    }
    worker = await spawnWorker(env);
    expect(await worker.ready(), worker.output()).toBe(true);
  }, 120_000);
  afterAll(async () => {
    worker?.child.kill('SIGKILL');
    await worker?.exited;
    await dropDatabase?.();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('serves the engine counters with the token only, and exits 0 on SIGTERM', async () => {
    const url = `http://127.0.0.1:${port}/metrics`;
    expect((await fetch(url)).status).toBe(401);
    expect((await fetch(url, { headers: { authorization: 'Bearer wrong' } })).status).toBe(401);
    const response = await fetch(url, { headers: { authorization: `Bearer ${TOKEN}` } });
    expect(response.status).toBe(200);
    const text = await response.text();
    expect(text).toMatch(/^medrem_reminders_due_total\{role="worker"\} 0$/m);
    expect(text).toMatch(/^medrem_push_outbox_pending\{role="worker"\} 0$/m);
    expect(text).toMatch(/^medrem_queue_waiting_jobs\{role="worker"\} \d+$/m);
    worker!.child.kill('SIGTERM');
    expect(await worker!.exited).toBe(0);
  });
});

import { type ChildProcess, spawnSync } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import postgres from 'postgres';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { aMedicine } from '../support/api-client';
import { TEST_ENGINE, createEmptyServerDatabase } from '../support/test-database';
import { TestPushService } from '../support/test-push-service';
import { freePort, waitFor } from '../support/free-port';
import { type TestUser, createUser } from '../features/reminders/reminder-harness';
import { startPrivateRedis } from './support/private-redis';
import { type ServerProcess, spawnServer, spawnWorker } from './support/server-process';

/**
 * A rolling restart under load (issue 15): two servers (REMINDER_WORKER=off) and two workers on one
 * PostgreSQL and one Redis. While API writes run and reminders fall due, one server and one worker get
 * SIGTERM and replacements start. The client models a load balancer: a server leaves its rotation
 * before its SIGTERM. No request may fail, every acknowledged write must be there, every due reminder
 * must reach its device exactly once, and the stopped processes must exit 0.
 */
const hasRedisServer = spawnSync('redis-server', ['--version']).status === 0;
const runnable = TEST_ENGINE === 'postgres' && hasRedisServer;
if (!runnable)
  console.warn('!! SKIPPED: the rolling-restart test needs TEST_DATABASE_URL (PostgreSQL) and redis-server.');

const USERS = 12;

describe.skipIf(!runnable)('rolling restart of two servers and two workers under load (postgres)', () => {
  const pushService = new TestPushService();
  let redis: ChildProcess | undefined;
  let dataDir: string;
  let database: { url: string; drop(): Promise<void> };
  let env: Record<string, string>;
  const processes: ServerProcess[] = [];

  beforeAll(async () => {
    await pushService.start();
    const redisPort = await freePort();
    redis = await startPrivateRedis(redisPort);
    database = await createEmptyServerDatabase(process.env.TEST_DATABASE_URL!);
    dataDir = await mkdtemp(path.join(tmpdir(), 'medrem-rolling-'));
    env = {
      DATA_DIR: dataDir,
      DATABASE_URL: database.url,
      REDIS_URL: `redis://127.0.0.1:${redisPort}`,
      REDIS_KEY_PREFIX: 'medrem-rolling',
      PUSH_ENDPOINT_ALLOWLIST: pushService.host,
      REMINDER_TICK_MS: '250',
      SHUTDOWN_TIMEOUT_SECONDS: '20',
      LOG_LEVEL: 'info',
    };
  }, 60_000);

  afterAll(async () => {
    for (const p of processes) p.child.kill('SIGKILL');
    await Promise.all(processes.map((p) => p.exited));
    redis?.kill('SIGKILL');
    await database?.drop();
    await pushService.stop();
    await rm(dataDir, { recursive: true, force: true });
  });

  const start = async (kind: 'server' | 'worker') => {
    const p =
      kind === 'server' ? await spawnServer({ ...env, REMINDER_WORKER: 'off' }) : await spawnWorker(env);
    processes.push(p);
    expect(await p.ready(90_000), p.output()).toBe(true);
    return p;
  };

  it('loses no request and no reminder', async () => {
    const servers = [await start('server'), await start('server')];
    const workers = [await start('worker'), await start('worker')];
    // The load balancer's rotation.
    const rotation = new Set(servers);
    let turn = 0;
    const failures: string[] = [];
    const through = async (pathName: string, init: RequestInit): Promise<Response> => {
      for (let attempt = 0; attempt < 5; attempt += 1) {
        const live = [...rotation];
        const target = live[turn++ % live.length]!;
        try {
          return await fetch(`${target.baseUrl}${pathName}`, init);
        } catch (error) {
          // Only a refused connection is retried (the request never reached a server).
          const code = (error as { cause?: { code?: string } }).cause?.code;
          if (code !== 'ECONNREFUSED') throw error;
        }
      }
      throw new Error('no server took the request');
    };

    // Users whose first reminder falls due at the next whole minute at least 25 s away (UTC).
    const due = new Date(Math.ceil((Date.now() + 25_000) / 60_000) * 60_000);
    const hhmm = due.toISOString().slice(11, 16);
    const users: TestUser[] = [];
    const devices = new Map<string, string>();
    for (let i = 0; i < USERS; i += 1) {
      const user = await createUser(servers[i % 2]!, { timezone: 'UTC', times: [hhmm, '23:59', '23:58'] });
      await user.addMedicine({ name: `Med ${i}`, dosage: '1', frequency: '1-0-0' });
      const device = pushService.subscribe();
      await user.saveDevice(device.json);
      devices.set(device.id, user.email);
      users.push(user);
    }
    const writer = users[0]!;

    // Writes through the balancer until told to stop (bounded by count).
    const acknowledged: string[] = [];
    let stop = false;
    const load = (async () => {
      for (let n = 0; n < 3000 && !stop; n += 1) {
        const response = await through('/api/medicine', {
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization: `Bearer ${writer.api.token}` },
          body: JSON.stringify(aMedicine(writer.email, { name: `Load ${n}` })),
        }).catch((error: unknown) => {
          failures.push(String(error));
          return undefined;
        });
        if (!response) continue;
        if (response.status !== 201) failures.push(`${response.status} ${await response.text()}`);
        else acknowledged.push(((await response.json()) as { id: string }).id);
      }
    })();

    // When the reminders fall due: SIGTERM one server (out of rotation first) and one worker, start replacements.
    expect(await waitFor(() => Date.now() >= due.getTime() + 300, 120_000, 100)).toBe(true);
    const [oldServer] = servers;
    const [oldWorker] = workers;
    rotation.delete(oldServer!);
    oldServer!.child.kill('SIGTERM');
    oldWorker!.child.kill('SIGTERM');
    const [serverExit, workerExit] = await Promise.all([oldServer!.exited, oldWorker!.exited]);
    const replacement = await start('server');
    rotation.add(replacement);
    await start('worker');
    expect(serverExit, oldServer!.output()).toBe(0);
    expect(workerExit, oldWorker!.output()).toBe(0);

    // Every device gets its reminder; then nothing is left to send.
    const sql = postgres(database.url, { max: 1, onnotice: () => undefined });
    try {
      expect(await waitFor(() => pushService.received.length >= USERS, 90_000, 100)).toBe(true);
      expect(
        await waitFor(async () => {
          const [row] = await sql<
            { n: number }[]
          >`select count(*)::int as n from push_outbox where status = 'pending'`;
          return row!.n === 0;
        }, 60_000),
      ).toBe(true);
      stop = true;
      await load;

      expect(failures).toEqual([]);
      expect(pushService.rejected).toEqual([]);
      const perDevice = new Map<string, number>();
      for (const push of pushService.received)
        perDevice.set(push.subscription, (perDevice.get(push.subscription) ?? 0) + 1);
      expect([...perDevice.keys()].sort()).toEqual([...devices.keys()].sort());
      expect([...perDevice.values()].every((n) => n === 1)).toBe(true);

      // Every acknowledged write is there.
      expect(acknowledged.length).toBeGreaterThan(10);
      const stored = await sql<
        { id: string }[]
      >`select id from medicines where id = any(${acknowledged}::uuid[])`;
      expect(stored.length).toBe(acknowledged.length);
    } finally {
      stop = true;
      await sql.end();
    }
  }, 300_000);
});

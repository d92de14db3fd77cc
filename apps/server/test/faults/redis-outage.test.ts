import { type ChildProcess, spawnSync } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../../src/app';
import { loadConfig } from '../../src/config/config';
import { DATABASE_UNAVAILABLE_MESSAGE } from '../../src/db/database-unavailable';
import { RecordingSender } from '../features/reminders/reminder-harness';
import { seedMorningUsers } from '../features/reminders/reminder-seed';
import { type TestDatabase, TEST_ENGINE, createTestDatabase } from '../support/test-database';
import { freePort, waitFor } from '../support/free-port';
import { startPrivateRedis } from './support/private-redis';

/**
 * Redis (the reminder queue) stops while reminders fall due, then comes back empty. Reminders
 * pause — none is sent, none is marked sent, the API keeps answering — and once Redis is back each
 * one is delivered exactly once, by the same app process. A private redis-server on a free port.
 */
const hasRedisServer = spawnSync('redis-server', ['--version']).status === 0;
if (!hasRedisServer) console.warn('!! SKIPPED: the Redis outage test needs the redis-server binary.');

describe.skipIf(!hasRedisServer)(`Redis stopped while reminders fall due (${TEST_ENGINE})`, () => {
  const sender = new RecordingSender();
  let redis: ChildProcess | undefined;
  let port: number;
  let database: TestDatabase;
  let dataDir: string;
  let app: FastifyInstance;

  const startRedis = async () => {
    redis = await startPrivateRedis(port);
  };
  const stopRedis = async () => {
    const stopping = redis!;
    const exited = new Promise((resolve) => stopping.once('exit', resolve));
    stopping.kill('SIGKILL');
    await exited;
  };

  beforeAll(async () => {
    port = await freePort();
    await startRedis();
    database = await createTestDatabase();
    dataDir = await mkdtemp(path.join(tmpdir(), 'medrem-redis-outage-'));
    app = await buildApp({
      config: loadConfig({
        NODE_ENV: 'test',
        LOG_LEVEL: 'silent',
        DATA_DIR: dataDir,
        REDIS_URL: `redis://127.0.0.1:${port}`,
        REDIS_KEY_PREFIX: 'medrem-outage',
        REMINDER_TICK_MS: '200',
        PUSH_LEASE_SECONDS: '2',
        PUSH_ENDPOINT_ALLOWLIST: 'push.example.test',
      }),
      database: database.handle,
      logger: false,
      pushSender: sender,
    });
    await app.listen({ host: '127.0.0.1', port: 0 });
  }, 60_000);

  afterAll(async () => {
    await app?.close();
    redis?.kill('SIGKILL');
    await database?.drop();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('pauses reminders without loss and resumes them once Redis is back', { timeout: 120_000 }, async () => {
    // Every Redis connection and the BullMQ queue have an error listener: ioredis and BullMQ print
    // each failed reconnect otherwise, to stderr, outside the JSON log.
    const consoleErrors = vi.spyOn(console, 'error');
    const count = 40;
    const endpoint = (i: number) => `https://push.example.test/outage/${i}`;
    await seedMorningUsers(database.handle.db, {
      count,
      timezone: 'UTC',
      now: new Date(),
      label: 'outage',
      subscription: (i) =>
        JSON.stringify({
          endpoint: endpoint(i),
          keys: {
            p256dh: 'BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1XbjhazAkj7I99e8QcYP7DkM',
            auth: 'tBHItJI5svbpez7KI4CCXg',
          },
        }),
      endpoint,
    });
    // Nothing of theirs may fall due before the outage begins, whatever the time of day the test
    // runs at: their rows fire at fixed times (missed-dose alerts, follow-ups, the summary), and one
    // due between the seeding and the outage was fired with the queue still there.
    await database.handle.db.execute(
      sql`update reminder_schedule set fire_at = now() + interval '2 days'
          where user_id in (select id from users where email like 'outage-%')`,
    );
    await stopRedis();
    // Every seeded dose falls due now, while the queue is away; nothing else of theirs does.
    const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
    await database.handle.db.execute(
      sql`update reminder_schedule set fire_at = now(), occurrence_date = ${tomorrow}::date
          where kind = 'dose' and user_id in (select id from users where email like 'outage-%')`,
    );
    const notificationCount = async () => {
      const result = await database.handle.db.execute(
        sql`select count(*)::int as n from notifications n join users u on u.id = n.user_id where u.email like 'outage-%'`,
      );
      const rows = (Array.isArray(result) ? result : (result as { rows: { n: number }[] }).rows) as {
        n: number;
      }[];
      return rows[0]!.n;
    };

    // Paused: several scheduler ticks pass (each tries the queue), nothing is sent or recorded,
    // and the API still answers.
    const health = () =>
      fetch(`http://127.0.0.1:${(app.server.address() as { port: number }).port}/api/health`);
    for (let i = 0; i < 5; i += 1) {
      expect((await health()).status).toBe(200);
      await new Promise((resolve) => setTimeout(resolve, 300));
    }
    // Sign-in counts failures in Redis: while it is away, sign-in says so (it used to answer 500).
    const base = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
    const login = await fetch(`${base}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'outage-0@bench.test', password: 'wrong-password-1' }),
    });
    expect(login.status).toBe(503);
    expect(((await login.json()) as { message: string }).message).toBe(DATABASE_UNAVAILABLE_MESSAGE);
    const sentDuringOutage = sender.sent.filter((s) => s.target.endpoint.includes('/outage/')).length;
    expect(sentDuringOutage).toBe(0);
    expect(await notificationCount()).toBe(0);

    await startRedis();
    const delivered = () =>
      new Set(
        sender.sent.filter((s) => s.target.endpoint.includes('/outage/')).map((s) => s.target.endpoint),
      );
    expect(await waitFor(() => delivered().size === count, 60_000)).toBe(true);
    // Settled: no late duplicate once everything was sent.
    expect(await waitFor(async () => (await notificationCount()) === count, 10_000)).toBe(true);
    const unhandled = consoleErrors.mock.calls.filter(
      (call) =>
        String(call[0]).includes('[ioredis]') ||
        call.some((arg) => (arg as NodeJS.ErrnoException | undefined)?.code === 'ECONNREFUSED'),
    );
    consoleErrors.mockRestore();
    expect(unhandled.map((call) => String(call[0]))).toEqual([]);
    const sends = sender.sent.filter((s) => s.target.endpoint.includes('/outage/')).length;
    console.log(
      `Redis outage: ${count} reminders due while down, 0 sent during it, ${delivered().size} delivered after (${sends} sends, ${await notificationCount()} stored)`,
    );
    expect(await notificationCount()).toBe(count);
    expect(sends).toBe(count);
  });
});

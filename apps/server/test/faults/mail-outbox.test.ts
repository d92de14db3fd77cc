import type { ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/db/database';
import { MailOutboxRepository } from '../../src/features/mail/mail-outbox.repository';
import { freePort, waitFor } from '../support/free-port';
import { SmtpCatcher } from '../support/smtp-catcher';
import { TEST_ENGINE, createEmptyServerDatabase } from '../support/test-database';
import { startPrivateRedis } from './support/private-redis';
import { type ServerProcess, spawnServer, spawnWorker } from './support/server-process';

/**
 * The mail outbox across crashes and several processes (decision 200): a message on the wire when
 * its server is killed -9 is sent once after the restart; two workers draining one outbox never
 * send a message twice.
 */
interface Place {
  env: Record<string, string>;
  dispose(): Promise<void>;
}

/** A DATA_DIR (and on the PostgreSQL pass a database of its own), migrated, with `count` mails waiting. */
async function placeWithMail(label: string, addresses: string[]): Promise<Place> {
  const dataDir = await mkdtemp(path.join(tmpdir(), `medrem-${label}-`));
  const env: Record<string, string> = { DATA_DIR: dataDir };
  let drop: (() => Promise<void>) | undefined;
  if (TEST_ENGINE === 'postgres') {
    const database = await createEmptyServerDatabase(process.env.TEST_DATABASE_URL!);
    env.DATABASE_URL = database.url;
    drop = () => database.drop();
  }
  const handle = await openDatabase({ databaseUrl: env.DATABASE_URL, dataDir, poolSize: 2 });
  await handle.migrate();
  const outbox = new MailOutboxRepository(handle.db);
  for (const to of addresses)
    await outbox.enqueue({
      kind: 'password-reset',
      userId: null,
      to,
      subject: `Reset for ${to}`,
      text: 'Choose a new password: https://meds.example.org/reset-password?token=t',
      html: '<p><a href="https://meds.example.org/reset-password?token=t">Choose a new password</a></p>',
    });
  await handle.close();
  return {
    env,
    async dispose() {
      await drop?.();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

describe(`mail outbox across a kill -9 (${TEST_ENGINE})`, () => {
  let catcher: SmtpCatcher;
  let place: Place;
  const processes: ServerProcess[] = [];

  beforeAll(async () => {
    catcher = await SmtpCatcher.start();
    place = await placeWithMail('mail-crash', ['crash@example.com']);
  }, 180_000);
  afterAll(async () => {
    for (const p of processes) p.child.kill('SIGKILL');
    await Promise.all(processes.map((p) => p.exited));
    await catcher.stop();
    await place.dispose();
  });

  it('sends a message once when its server was killed while sending it', async () => {
    const env = { ...place.env, SMTP_URL: catcher.url, MAIL_LEASE_SECONDS: '2', MAIL_POLL_MS: '200' };
    catcher.hold();
    const first = await spawnServer(env);
    processes.push(first);
    expect(await first.ready(), first.output()).toBe(true);
    // The message is on the wire, not yet accepted: the server dies holding its lease.
    expect(await waitFor(() => catcher.heldCount === 1, 20_000)).toBe(true);
    first.child.kill('SIGKILL');
    await first.exited;
    catcher.releaseHeld();
    expect(catcher.received('crash@example.com')).toHaveLength(0);

    const second = await spawnServer(env);
    processes.push(second);
    expect(await second.ready(), second.output()).toBe(true);
    const mail = await catcher.waitFor('crash@example.com', /Reset/, 20_000);
    expect(mail.links).toEqual(['https://meds.example.org/reset-password?token=t']);
    // Past another lease and several polls: still one.
    await new Promise((resolve) => setTimeout(resolve, 3000));
    expect(catcher.received('crash@example.com')).toHaveLength(1);
  }, 240_000);
});

describe.runIf(TEST_ENGINE === 'postgres')('two mail workers on PostgreSQL and Redis', () => {
  let catcher: SmtpCatcher;
  let place: Place;
  let redis: ChildProcess;
  const workers: ServerProcess[] = [];
  const addresses = Array.from({ length: 60 }, (_, i) => `many${i}@example.com`);

  beforeAll(async () => {
    catcher = await SmtpCatcher.start();
    place = await placeWithMail('mail-workers', addresses);
    const redisPort = await freePort();
    redis = await startPrivateRedis(redisPort);
    place.env.REDIS_URL = `redis://127.0.0.1:${redisPort}`;
  }, 180_000);
  afterEach(async () => {
    for (const w of workers) w.child.kill('SIGKILL');
    await Promise.all(workers.map((w) => w.exited));
  });
  afterAll(async () => {
    redis.kill('SIGKILL');
    await catcher.stop();
    await place.dispose();
  });

  it('never sends one message twice', async () => {
    const env = { ...place.env, SMTP_URL: catcher.url, MAIL_POLL_MS: '50' };
    workers.push(await spawnWorker(env), await spawnWorker(env));
    for (const w of workers) expect(await w.ready(), w.output()).toBe(true);
    expect(await waitFor(() => catcher.messages.length >= addresses.length, 30_000)).toBe(true);
    await new Promise((resolve) => setTimeout(resolve, 1000));
    expect(catcher.messages).toHaveLength(addresses.length);
    for (const address of addresses) expect(catcher.received(address)).toHaveLength(1);
  }, 240_000);
});

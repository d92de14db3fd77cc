import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll } from 'vitest';
import { type ReminderServer, deleteRedisPrefix, startReminderServer } from './reminder-harness';

/**
 * The scaled deployment in small: two server processes on one database and one fresh Redis key
 * prefix; the first runs the reminder engine, the second only serves (REMINDER_WORKER off).
 * `stop` closes both and removes the prefix.
 */
export async function startTwoProcesses(redisUrl: string): Promise<{
  one: ReminderServer;
  two: ReminderServer;
  /** The Redis key prefix both use. */
  prefix: string;
  stop: () => Promise<void>;
}> {
  const prefix = `medrem-test-${randomBytes(4).toString('hex')}`;
  const one = await startReminderServer({
    now: '2026-11-21T05:00:00Z',
    env: { REDIS_URL: redisUrl, REDIS_KEY_PREFIX: prefix },
  });
  const two = await startReminderServer({
    now: '2026-11-21T05:00:00Z',
    shareWith: one,
    env: { REDIS_URL: redisUrl, REDIS_KEY_PREFIX: prefix, REMINDER_WORKER: 'off' },
  });
  const stop = async () => {
    await two.close();
    await one.close();
    await deleteRedisPrefix(redisUrl, prefix);
  };
  return { one, two, prefix, stop };
}

/**
 * `startTwoProcesses` around a describe block's tests: its `one`, `two` and `prefix` are set before
 * the first test runs.
 */
export function twoProcessesAroundTests(redisUrl: string): {
  one: ReminderServer;
  two: ReminderServer;
  prefix: string;
} {
  const servers = {} as { one: ReminderServer; two: ReminderServer; prefix: string };
  let stop: (() => Promise<void>) | undefined;
  beforeAll(async () => {
    const started = await startTwoProcesses(redisUrl);
    stop = started.stop;
    Object.assign(servers, { one: started.one, two: started.two, prefix: started.prefix });
  });
  afterAll(() => stop?.());
  return servers;
}

/** Polls `check` until it holds (another process hears a change a moment later), at most 5 s. */
export async function eventually(check: () => Promise<boolean>): Promise<boolean> {
  for (let i = 0; i < 100; i += 1) {
    if (await check()) return true;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return false;
}

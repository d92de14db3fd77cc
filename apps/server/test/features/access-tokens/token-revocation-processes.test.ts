import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient } from '../../support/api-client';
import { TEST_ENGINE } from '../../support/test-database';
import {
  type ReminderServer,
  createUser,
  deleteRedisPrefix,
  probeRedis,
  startReminderServer,
} from '../reminders/reminder-harness';

/** Polls `check` until it holds (another process hears a change a moment later), at most 5 s. */
async function eventually(check: () => Promise<boolean>): Promise<boolean> {
  for (let i = 0; i < 100; i += 1) {
    if (await check()) return true;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return false;
}

const redisUrl = await probeRedis();

describe.skipIf(!redisUrl)(
  `personal tokens across two server processes through Redis (${TEST_ENGINE})`,
  () => {
    const prefix = `medrem-test-${randomBytes(4).toString('hex')}`;
    let one: ReminderServer;
    let two: ReminderServer;
    beforeAll(async () => {
      one = await startReminderServer({
        now: '2026-11-21T05:00:00Z',
        env: { REDIS_URL: redisUrl!, REDIS_KEY_PREFIX: prefix },
      });
      two = await startReminderServer({
        now: '2026-11-21T05:00:00Z',
        shareWith: one,
        env: { REDIS_URL: redisUrl!, REDIS_KEY_PREFIX: prefix, REMINDER_WORKER: 'off' },
      });
    });
    afterAll(async () => {
      await two?.close();
      await one?.close();
      if (redisUrl) await deleteRedisPrefix(redisUrl, prefix);
    });

    const tokenIn = async (server: ReminderServer) => {
      const user = await createUser(server, { timezone: 'UTC' });
      await user.refresh();
      const made = await user.api.post<{ token: { id: string }; secret: string }>('/api/tokens', {
        name: 'Home automation',
        scopes: ['read'],
      });
      expect(made.status, made.text).toBe(201);
      const elsewhere = new ApiClient(two.baseUrl);
      elsewhere.token = made.body.secret;
      const path = `/api/medicine/user/${user.email}`;
      // Served twice by the other process: its grant and its caller are cached there now.
      expect((await elsewhere.get(path)).status).toBe(200);
      expect((await elsewhere.get(path)).status).toBe(200);
      return {
        user,
        id: made.body.token.id,
        refused: async () => (await elsewhere.get(path)).status === 401,
      };
    };

    it('a token revoked in one process is refused by the other, which had it cached', async () => {
      const { user, id, refused } = await tokenIn(one);
      expect((await user.api.delete(`/api/tokens/${id}`)).status).toBe(200);
      // Without the invalidation the other process would serve it for the cache's minute.
      expect(await eventually(refused)).toBe(true);
    });

    it('an account deleted in one process takes its tokens with it in the other', async () => {
      const { user, refused } = await tokenIn(one);
      const deleted = await user.api.delete(`/api/user/${user.email}/account`, {
        password: 'correct-horse-1',
      });
      expect(deleted.status, deleted.text).toBe(200);
      expect(await eventually(refused)).toBe(true);
    });

    it('a token survives "sign out everywhere" in every process', async () => {
      const { user, refused } = await tokenIn(one);
      expect((await user.api.post('/api/auth/sign-out-everywhere', {})).status).toBe(200);
      expect(await refused()).toBe(false);
    });
  },
);

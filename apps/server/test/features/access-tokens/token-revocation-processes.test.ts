import { describe, expect, it } from 'vitest';
import { ApiClient } from '../../support/api-client';
import { TEST_ENGINE } from '../../support/test-database';
import { type ReminderServer, createUser, probeRedis } from '../reminders/reminder-harness';
import { eventually, twoProcessesAroundTests } from '../reminders/two-processes.support';

const redisUrl = await probeRedis();

describe.skipIf(!redisUrl)(
  `personal tokens across two server processes through Redis (${TEST_ENGINE})`,
  () => {
    const servers = twoProcessesAroundTests(redisUrl!);

    const tokenIn = async (server: ReminderServer) => {
      const user = await createUser(server, { timezone: 'UTC' });
      await user.refresh();
      const made = await user.api.post<{ token: { id: string }; secret: string }>('/api/tokens', {
        name: 'Home automation',
        scopes: ['read'],
      });
      expect(made.status, made.text).toBe(201);
      const elsewhere = new ApiClient(servers.two.baseUrl);
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
      const { user, id, refused } = await tokenIn(servers.one);
      expect((await user.api.delete(`/api/tokens/${id}`)).status).toBe(200);
      // Without the invalidation the other process would serve it for the cache's minute.
      expect(await eventually(refused)).toBe(true);
    });

    it('an account deleted in one process takes its tokens with it in the other', async () => {
      const { user, refused } = await tokenIn(servers.one);
      const deleted = await user.api.delete(`/api/user/${user.email}/account`, {
        password: 'correct-horse-1',
      });
      expect(deleted.status, deleted.text).toBe(200);
      expect(await eventually(refused)).toBe(true);
    });

    it('a token survives "sign out everywhere" in every process', async () => {
      const { user, refused } = await tokenIn(servers.one);
      expect((await user.api.post('/api/auth/sign-out-everywhere', {})).status).toBe(200);
      expect(await refused()).toBe(false);
    });
  },
);

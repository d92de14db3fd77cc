import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_ENGINE } from '../../support/test-database';
import {
  type ReminderServer,
  createUser,
  probeRedis,
  startReminderServer,
} from '../reminders/reminder-harness';
import { eventually, twoProcessesAroundTests } from '../reminders/two-processes.support';
import { ApiClient } from '../../support/api-client';

describe(`who a token belongs to, remembered per process (${TEST_ENGINE})`, () => {
  let server: ReminderServer;
  beforeAll(async () => {
    server = await startReminderServer({ now: '2026-11-21T05:00:00Z' });
  });
  afterAll(() => server.close());

  it('refuses a token at once after "sign out everywhere", though the caller was just served', async () => {
    const user = await createUser(server, { timezone: 'UTC' });
    await user.refresh();
    const stolen = new ApiClient(server.baseUrl);
    stolen.token = user.api.token;
    expect((await stolen.get(`/api/medicine/user/${user.email}`)).status).toBe(200);
    expect((await stolen.get(`/api/medicine/user/${user.email}`)).status).toBe(200);
    expect((await user.api.post('/api/auth/sign-out-everywhere', {})).status).toBe(200);
    expect((await stolen.get(`/api/medicine/user/${user.email}`)).status).toBe(401);
  });

  it('refuses the token of a deleted account at once', async () => {
    const user = await createUser(server, { timezone: 'UTC' });
    await user.refresh();
    const token = user.api.token;
    expect((await user.api.get(`/api/medicine/user/${user.email}`)).status).toBe(200);
    expect(
      (await user.api.delete(`/api/user/${user.email}/account`, { password: 'correct-horse-1' })).status,
    ).toBe(200);
    user.api.token = token;
    expect((await user.api.get(`/api/medicine/user/${user.email}`)).status).toBe(401);
  });
});

const redisUrl = await probeRedis();

describe.skipIf(!redisUrl)(`caches of two server processes kept true through Redis (${TEST_ENGINE})`, () => {
  const servers = twoProcessesAroundTests(redisUrl!);

  it('a revocation in one process reaches the other, which had the caller cached', async () => {
    const user = await createUser(servers.one, { timezone: 'UTC' });
    await user.refresh();
    const elsewhere = new ApiClient(servers.two.baseUrl);
    elsewhere.token = user.api.token;
    expect((await elsewhere.get(`/api/medicine/user/${user.email}`)).status).toBe(200);
    expect((await user.api.post('/api/auth/sign-out-everywhere', {})).status).toBe(200);
    // Without the invalidation the other process would serve it for the cache's minute.
    expect(
      await eventually(async () => (await elsewhere.get(`/api/medicine/user/${user.email}`)).status === 401),
    ).toBe(true);
  });

  it('an account disabled in one process is refused at once by the other, which had it cached (issue 57)', async () => {
    const user = await createUser(servers.one, { timezone: 'UTC' });
    await user.refresh();
    const elsewhere = new ApiClient(servers.two.baseUrl);
    elsewhere.token = user.api.token;
    expect((await elsewhere.get(`/api/medicine/user/${user.email}`)).status).toBe(200);
    const admin = servers.one.app.services.admin;
    await admin.disable(admin.operator(), user.id);
    expect(
      await eventually(async () => (await elsewhere.get(`/api/medicine/user/${user.email}`)).status === 401),
    ).toBe(true);
  });

  it('a settings save in one process is what the other reads next', async () => {
    const user = await createUser(servers.one, { timezone: 'UTC' });
    await user.refresh();
    const elsewhere = new ApiClient(servers.two.baseUrl);
    elsewhere.token = user.api.token;
    type Saved = {
      settings: { timezone: string; notifications: unknown; medicineDefaults: unknown; privacy: unknown };
    };
    const before = await elsewhere.get<Saved>(`/api/user/${user.email}/settings`);
    expect(before.body.settings.timezone).toBe('UTC');
    const { notifications, medicineDefaults, privacy } = before.body.settings;
    const saved = await user.api.put(`/api/user/${user.email}/settings`, {
      userEmail: user.email,
      notifications,
      medicineDefaults,
      privacy,
      timezone: 'Asia/Tokyo',
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(
      await eventually(
        async () =>
          (await elsewhere.get<Saved>(`/api/user/${user.email}/settings`)).body.settings.timezone ===
          'Asia/Tokyo',
      ),
    ).toBe(true);
  });
});

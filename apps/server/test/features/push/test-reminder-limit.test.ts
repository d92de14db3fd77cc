import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient } from '../../support/api-client';
import { ChannelSink } from '../../support/channel-sink';
import { TEST_ENGINE } from '../../support/test-database';
import { type ReminderServer, createUser, startReminderServer } from '../reminders/reminder-harness';

/**
 * Decision 261: one test reminder per device each 5 s, for every server process at once. Two app
 * instances on one database, without Redis (the limit lives in the database), the second without
 * the reminder engine as a web-only process would run; the clock is the test's and theirs.
 */
describe(`the test reminder's limit shared by two server processes (${TEST_ENGINE})`, () => {
  const sink = new ChannelSink();
  let one: ReminderServer;
  let two: ReminderServer;
  beforeAll(async () => {
    await sink.start();
    const env = { CHANNEL_PRIVATE_HOSTS: sink.host, JWT_SECRET: 'j'.repeat(48) };
    one = await startReminderServer({ now: '2026-11-21T05:00:00Z', env });
    two = await startReminderServer({
      now: '2026-11-21T05:00:00Z',
      shareWith: one,
      env: { ...env, REMINDER_WORKER: 'off' },
    });
  });
  afterAll(async () => {
    await two?.close();
    await one?.close();
    await sink.stop();
  });

  it('refuses a second test through the other process within 5 s, and allows one after', async () => {
    const user = await createUser(one, { timezone: 'UTC' });
    await user.refresh();
    const elsewhere = new ApiClient(two.baseUrl);
    elsewhere.token = user.api.token;
    const channels = `/api/notifications/${user.email}/channels`;
    const hookPath = `/limit-hook/${user.id}`;
    const added = await user.api.post<{ target: { id: string } }>(channels, {
      kind: 'webhook',
      url: `${sink.origin}${hookPath}`,
      mode: 'every',
    });
    expect(added.status, added.text).toBe(201);
    const testPath = `${channels}/${added.body.target.id}/test`;

    const first = await user.api.post(testPath, {});
    expect(first.status, first.text).toBe(200);
    // The other process, a moment later: the same device's limit, not one of its own.
    const second = await elsewhere.post<{ message: string }>(testPath, {});
    expect(second.status, second.text).toBe(429);
    expect(second.body.message).toMatch(/just sent/);
    // Both at once, through each process: the one statement lets one of them through at most.
    one.clock.set(new Date(one.clock.now().getTime() + 5_000));
    const both = await Promise.all([user.api.post(testPath, {}), elsewhere.post(testPath, {})]);
    expect(both.map((r) => r.status).sort()).toEqual([200, 429]);
    expect(sink.to(hookPath)).toHaveLength(2);

    // Another device of the same user has a limit of its own.
    const other = await user.api.post<{ target: { id: string } }>(channels, {
      kind: 'webhook',
      url: `${sink.origin}${hookPath}/2`,
      mode: 'every',
    });
    expect((await elsewhere.post(`${channels}/${other.body.target.id}/test`, {})).status).toBe(200);

    one.clock.set(new Date(one.clock.now().getTime() + 5_000));
    expect((await elsewhere.post(testPath, {})).status).toBe(200);
    expect(sink.to(hookPath)).toHaveLength(3);
  });
});

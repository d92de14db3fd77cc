import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pushOutbox, users } from '../../../src/db/schema';
import { ChannelSink, signatureHolds } from '../../support/channel-sink';
import { SmtpCatcher } from '../../support/smtp-catcher';
import { TEST_ENGINE } from '../../support/test-database';
import { TestPushService } from '../../support/test-push-service';
import {
  type ReminderServer,
  type TestUser,
  actOnPush,
  createUser,
  startReminderServer,
} from '../reminders/reminder-harness';

/**
 * Channels beside push (issue 53, decisions 233–236), through the real stack: a local push service,
 * a local ntfy-compatible and webhook sink (reached because the test lists its loopback host in
 * CHANNEL_PRIVATE_HOSTS, as an operator would) and a real SMTP server. The clock is the test's.
 */
const PUBLIC_URL = 'https://meds.example.org';
const METRICS_TOKEN = 'metrics-token-of-the-channel-test';

describe(`delivery channels (${TEST_ENGINE})`, () => {
  const pushService = new TestPushService();
  const sink = new ChannelSink();
  let catcher: SmtpCatcher;
  let server: ReminderServer;

  beforeAll(async () => {
    await pushService.start();
    await sink.start();
    catcher = await SmtpCatcher.start();
    server = await startReminderServer({
      now: '2026-11-21T05:00:00Z',
      env: {
        PUSH_ENDPOINT_ALLOWLIST: pushService.host,
        CHANNEL_PRIVATE_HOSTS: sink.host,
        PUBLIC_URL,
        SMTP_URL: `smtp://127.0.0.1:${catcher.port}`,
        MAIL_POLL_MS: '100',
        PUSH_MAX_ATTEMPTS: '3',
        METRICS_TOKEN,
      },
    });
  });
  afterAll(async () => {
    await server?.close();
    await catcher?.stop();
    await sink.stop();
    await pushService.stop();
  });

  const channelsPath = (user: TestUser) => `/api/notifications/${user.email}/channels`;
  async function addChannel(user: TestUser, body: Record<string, unknown>) {
    await user.refresh();
    return user.api.post<{ target: { id: string }; secret: string | null }>(channelsPath(user), {
      mode: 'every',
      ...body,
    });
  }
  async function targets(user: TestUser) {
    await user.refresh();
    const response = await user.api.get<{ targets: any[] }>(channelsPath(user));
    expect(response.status, response.text).toBe(200);
    return response.body.targets;
  }
  const verify = (user: TestUser) =>
    server.database.handle.db
      .update(users)
      .set({ emailVerifiedAt: server.clock.now() })
      .where(eq(users.id, user.id));
  async function morningUser() {
    const user = await createUser(server, { timezone: 'UTC', notifications: { missedDoseAlerts: false } });
    await user.addMedicine({ name: 'Aspirin', dosage: '500mg', frequency: '1-0-0' });
    return user;
  }

  it('refuses a bad channel with a clear 4xx and stores nothing', async () => {
    const user = await morningUser();
    const cases: [Record<string, unknown>, number, RegExp][] = [
      [{ kind: 'ntfy', url: 'http://ntfy.example.org/topic' }, 400, /https:\/\//],
      [{ kind: 'webhook', url: 'https://10.1.2.3/hook' }, 400, /private network/],
      [{ kind: 'webhook', url: 'https://localhost/hook' }, 400, /private network/],
      [{ kind: 'webhook', url: 'https://[::1]/hook' }, 400, /private network/],
      [{ kind: 'webhook', url: 'https://169.254.169.254/latest' }, 400, /private network/],
      [{ kind: 'ntfy', url: `https://ntfy.example.org/${'a'.repeat(2001)}` }, 400, /too long/],
      [{ kind: 'ntfy', url: `${sink.origin}/not a topic!` }, 400, /ntfy topic URL/],
      [{ kind: 'webhook', url: 'https://user:pw@hooks.example.org/x' }, 400, /user name or password/],
      [{ kind: 'email' }, 400, /verify your email/],
      [{ kind: 'sms', url: 'https://x.example.org' }, 400, /email, ntfy or webhook/],
      [{ kind: 'ntfy', url: `${sink.origin}/topic`, mode: 'sometimes' }, 400, /every reminder or only/],
      [{ kind: 'ntfy', url: `${sink.origin}/topic`, accessToken: 'tk with space' }, 400, /spaces/],
    ];
    for (const [body, status, message] of cases) {
      const response = await addChannel(user, body);
      expect(response.status, `${JSON.stringify(body)}: ${response.text}`).toBe(status);
      expect(response.text).toMatch(message);
    }
    expect(await targets(user)).toEqual([]);
    // Someone else's list, or someone else's channel, is not reachable.
    const other = await morningUser();
    const added = await addChannel(other, { kind: 'ntfy', url: `${sink.origin}/others-topic` });
    expect(added.status, added.text).toBe(201);
    expect((await user.api.get(channelsPath(other))).status).toBe(403);
    const test = await user.api.post(`${channelsPath(user)}/${added.body.target.id}/test`, {});
    expect(test.status).toBe(404);
  });

  it('sends every reminder to ntfy (with working buttons), a signed webhook and verified email', async () => {
    const user = await morningUser();
    await verify(user);
    const device = pushService.subscribe();
    await user.saveDevice(device.json);
    const ntfy = await addChannel(user, {
      kind: 'ntfy',
      url: `${sink.origin}/meds-${user.id.slice(0, 8)}`,
      accessToken: 'tk_protectedtopictoken',
    });
    expect(ntfy.status, ntfy.text).toBe(201);
    expect(ntfy.body.secret).toBeNull(); // the person's own token is never echoed
    const hook = await addChannel(user, { kind: 'webhook', url: `${sink.origin}/hook/${user.id}` });
    expect(hook.status, hook.text).toBe(201);
    expect(hook.body.secret).toMatch(/^whsec_[A-Za-z0-9_-]{43}$/);
    const mail = await addChannel(user, { kind: 'email' });
    expect(mail.status, mail.text).toBe(201);
    // The secret is shown once: never in the list.
    expect(JSON.stringify(await targets(user))).not.toContain(hook.body.secret!);

    await server.at('2026-11-21T08:00:00Z');

    expect(pushService.received.filter((p) => p.subscription === device.id)).toHaveLength(1);
    const [published] = sink.to('/').filter((r) => r.body?.topic === `meds-${user.id.slice(0, 8)}`);
    expect(published?.body).toMatchObject({
      topic: `meds-${user.id.slice(0, 8)}`,
      title: 'Time for your Morning dose',
      message: 'Aspirin (500mg)',
      priority: 4,
    });
    expect(published!.headers.authorization).toBe('Bearer tk_protectedtopictoken');
    expect(published!.body.click).toMatch(new RegExp(`^${PUBLIC_URL}/dose\\?token=`));
    expect(published!.body.actions.map((a: any) => [a.action, a.label, a.url, a.method])).toEqual([
      ['http', 'Mark as taken', `${PUBLIC_URL}/api/push/action`, 'POST'],
      ['http', 'Snooze 10 min', `${PUBLIC_URL}/api/push/action`, 'POST'],
    ]);

    const [delivered] = sink.to(`/hook/${user.id}`);
    expect(delivered).toBeDefined();
    expect(signatureHolds(delivered!, hook.body.secret!)).toBe(true);
    expect(signatureHolds(delivered!, 'whsec_another-secret')).toBe(false);
    expect(Number(delivered!.headers['x-medrem-timestamp'])).toBe(Date.parse('2026-11-21T08:00:00Z') / 1000);
    expect(delivered!.body).toMatchObject({ v: 1, type: 'reminder', title: 'Time for your Morning dose' });

    const mailed = await catcher.waitFor(user.email, /Time for your Morning dose/, 20_000);
    // One link to the dose page (its buttons act on a press, never on opening the link).
    expect(mailed.links.filter((l) => l.startsWith(`${PUBLIC_URL}/dose?token=`))).toEqual([
      published!.body.click,
    ]);
    expect(mailed.text).toContain('Aspirin (500mg)');

    // ntfy's button posts the token to this server, as the phone's ntfy app would.
    const take = JSON.parse(published!.body.actions[0].body).token as string;
    expect(await actOnPush(server, take)).toMatchObject({
      success: true,
      message: 'Aspirin marked as taken!',
    });

    const status = await targets(user);
    expect(Object.fromEntries(status.map((t) => [t.kind, t.lastSuccessAt]))).toEqual({
      webpush: '2026-11-21T08:00:00.000Z',
      ntfy: '2026-11-21T08:00:00.000Z',
      webhook: '2026-11-21T08:00:00.000Z',
      email: '2026-11-21T08:00:00.000Z',
    });
  });

  it('sends a fallback channel only what push could not deliver, once', async () => {
    const user = await createUser(server, { timezone: 'UTC', notifications: { missedDoseAlerts: false } });
    await user.addMedicine({ frequency: '0-1-0' });
    const device = pushService.subscribe();
    await user.saveDevice(device.json);
    const path = `/fallback/${user.id}`;
    expect(
      (await addChannel(user, { kind: 'webhook', url: `${sink.origin}${path}`, mode: 'fallback' })).status,
    ).toBe(201);

    await server.at('2026-11-21T14:00:00Z'); // pushed: nothing to the fallback
    expect(sink.to(path)).toHaveLength(0);

    pushService.answers.set(device.id, 500);
    await server.at('2026-11-22T14:00:00Z'); // the push fails: the fallback gets it
    expect(sink.to(path)).toHaveLength(1);
    expect(sink.to(path)[0]!.body.title).toBe('Time for your Afternoon dose');
    await server.at('2026-11-22T14:00:11Z'); // the push's retry fails again: no second fallback
    await server.at('2026-11-22T14:00:32Z');
    expect(sink.to(path)).toHaveLength(1);
    pushService.answers.delete(device.id);

    // Without any browser device, a fallback channel gets every reminder.
    const lone = await createUser(server, { timezone: 'UTC', notifications: { missedDoseAlerts: false } });
    await lone.addMedicine({ frequency: '0-1-0' });
    const lonePath = `/fallback/${lone.id}`;
    expect(
      (await addChannel(lone, { kind: 'webhook', url: `${sink.origin}${lonePath}`, mode: 'fallback' }))
        .status,
    ).toBe(201);
    await server.at('2026-11-23T14:00:00Z');
    expect(sink.to(lonePath)).toHaveLength(1);
  });

  it('retries a failing channel, then marks it failed and shows why', async () => {
    const user = await createUser(server, { timezone: 'UTC', notifications: { missedDoseAlerts: false } });
    await user.addMedicine({ frequency: '0-0-1' });
    const path = `/down/${user.id}`;
    sink.answer(path, 503, 503, 503);
    const added = await addChannel(user, { kind: 'webhook', url: `${sink.origin}${path}` });
    await server.at('2026-11-23T20:00:00Z');
    await server.at('2026-11-23T20:00:11Z');
    await server.at('2026-11-23T20:00:32Z');
    const rows = await server.database.handle.db
      .select()
      .from(pushOutbox)
      .where(eq(pushOutbox.subscriptionId, added.body.target.id));
    expect(rows.map((r) => [r.status, r.attempts])).toEqual([['failed', 3]]);
    expect(rows[0]!.lastError).toMatch(/answered 503/);
    const [target] = await targets(user);
    expect(target).toMatchObject({ lastSuccessAt: null, lastFailureReason: 'unreachable' });
    expect(target.lastFailureAt).toBe('2026-11-23T20:00:32.000Z');
    const metrics = await (
      await fetch(`${server.baseUrl}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } })
    ).text();
    expect(metrics).toMatch(
      /medrem_channel_deliveries_total\{channel="webhook",outcome="gave-up",role="server"\} [1-9]/,
    );
    expect(metrics).toMatch(
      /medrem_channel_deliveries_total\{channel="ntfy",outcome="sent",role="server"\} [1-9]/,
    );
  });

  it('sends a test reminder and says whether it was accepted; a gone device is removed and its owner told', async () => {
    const user = await morningUser();
    await verify(user);
    const device = pushService.subscribe();
    await user.saveDevice(device.json);
    const hookPath = `/test-hook/${user.id}`;
    await addChannel(user, { kind: 'webhook', url: `${sink.origin}${hookPath}` });
    await addChannel(user, { kind: 'email' });
    const listed = await targets(user);
    const phone = listed.find((t) => t.kind === 'webpush');
    const hook = listed.find((t) => t.kind === 'webhook');
    const test = (id: string) => user.api.post<any>(`${channelsPath(user)}/${id}/test`, {});

    const accepted = await test(phone.id);
    expect(accepted.status, accepted.text).toBe(200);
    expect(accepted.body).toMatchObject({ accepted: true, reason: null, removed: false });
    expect(
      pushService.received.filter((p) => p.subscription === device.id).at(-1)?.payload.notification.title,
    ).toBe('Test reminder');
    const byKind = async (kind: string) => (await targets(user)).find((t) => t.kind === kind);
    expect((await byKind('webpush')).lastSuccessAt).toBe(server.clock.now().toISOString());

    sink.answer(hookPath, 403);
    const refused = await test(hook.id);
    expect(refused.body).toMatchObject({ accepted: false, reason: 'refused', removed: false });
    expect(refused.body.message).toMatch(/refused/);
    expect(await byKind('webhook')).toMatchObject({ lastFailureReason: 'refused' });
    expect((await test(hook.id)).status).toBe(429); // a moment later: wait between tests

    pushService.answers.set(device.id, 410);
    server.clock.set(new Date(server.clock.now().getTime() + 10_000));
    const gone = await test(phone.id);
    expect(gone.body).toMatchObject({ accepted: false, reason: 'expired', removed: true });
    expect((await targets(user)).map((t) => t.kind).sort()).toEqual(['email', 'webhook']);
    expect((await user.notifications()).map((n) => n.title)).toContain(
      'A device stopped receiving reminders',
    );
    // The mail channel carries the notice too (the sweep sends its outbox row).
    await server.at(new Date(server.clock.now().getTime() + 1000).toISOString());
    const notice = await catcher.waitFor(user.email, /stopped receiving/, 20_000);
    expect(notice.text).toContain('no longer receives reminders');
  });

  it('tells the owner when a reminder finds a device gone', async () => {
    const user = await createUser(server, { timezone: 'UTC', notifications: { missedDoseAlerts: false } });
    await user.addMedicine({ frequency: '0-0-1' });
    const device = pushService.subscribe();
    await user.saveDevice(device.json);
    pushService.answers.set(device.id, 410);
    await server.at('2026-11-24T20:00:00Z');
    expect(await targets(user)).toEqual([]);
    const titles = (await user.notifications()).map((n) => n.title);
    expect(titles).toEqual(
      expect.arrayContaining(['Time for your Evening dose', 'A device stopped receiving reminders']),
    );
  });
});

import { beforeAll, describe, expect, it } from 'vitest';
import { TEST_ENGINE } from '../../support/test-database';
import { type ReminderServer, actOnPush, createUser, withPushService } from './reminder-harness';

describe(`real Web Push round trip through a local RFC 8030/8291/8292 push service (${TEST_ENGINE})`, () => {
  const setup = withPushService({
    now: '2026-11-21T05:00:00Z',
    env: { VAPID_SUBJECT: 'mailto:ops@example.com' },
  });
  const { pushService } = setup;
  let server: ReminderServer;
  beforeAll(() => {
    server = setup.server;
  });

  it('delivers the reminder encrypted for the subscription, signed with the server’s VAPID key', async () => {
    const keyResponse = await fetch(`${server.baseUrl}/api/push/vapid-public-key`);
    expect(keyResponse.status).toBe(200);
    const { publicKey } = (await keyResponse.json()) as { publicKey: string };
    expect(Buffer.from(publicKey, 'base64url')).toHaveLength(65);

    const user = await createUser(server, { timezone: 'Europe/Berlin' });
    await user.addMedicine({ name: 'Aspirin', dosage: '500mg', frequency: '1-0-0' });
    const phone = pushService.subscribe();
    const laptop = pushService.subscribe();
    for (const device of [phone, laptop]) {
      await user.saveDevice(device.json);
    }
    await server.at('2026-11-21T07:00:00Z'); // 08:00 Berlin

    expect(pushService.rejected).toEqual([]);
    expect(pushService.received.map((r) => r.subscription).sort()).toEqual([phone.id, laptop.id].sort());
    const [notification] = await user.notifications();
    for (const push of pushService.received) {
      expect(push.vapidKey).toBe(publicKey);
      expect(push.vapidClaims).toMatchObject({ aud: pushService.origin, sub: 'mailto:ops@example.com' });
      expect(push.ttl).toBe(3600);
      expect(push.urgency).toBe('high');
      expect(push.topic).toBe(push.payload.notification.tag);
      expect(push.payload).toMatchObject({
        v: 1,
        id: notification!.id,
        // What a service worker from before decision 262 reads: the words, and the app as its link.
        title: 'Time for your Morning dose',
        body: 'Aspirin (500mg)',
        tag: push.topic,
        url: '/',
        type: 'reminder',
        actions: [
          { action: 'take', title: 'Mark as taken' },
          { action: 'snooze', title: 'Snooze 10 min' },
        ],
        // A declarative push message (decision 242), decrypted as the browser reads it; the dose
        // page's link is carried there only (decision 262).
        web_push: 8030,
        notification: {
          title: 'Time for your Morning dose',
          body: 'Aspirin (500mg)',
          tag: push.topic,
          // No PUBLIC_URL here: the link is the path, resolved against the worker's scope.
          navigate: expect.stringMatching(/^\/dose\?token=[\w-]+\.[\w-]+$/),
        },
      });
      expect(Object.keys(push.payload).sort()).toEqual(
        [
          'actions',
          'body',
          'createdAt',
          'id',
          'notification',
          'tag',
          'title',
          'type',
          'url',
          'v',
          'web_push',
        ].sort(),
      );
    }

    // The 'Mark as taken' token from the decrypted payload works against the API.
    const take = pushService.received[0]!.payload.actions[0].token as string;
    expect(await actOnPush(server, take)).toMatchObject({
      success: true,
      message: 'Aspirin marked as taken!',
    });
  });

  it('drops a subscription the push service answers 410 Gone for', async () => {
    const user = await createUser(server, { timezone: 'UTC' });
    await user.addMedicine({ frequency: '0-1-0' });
    const device = pushService.subscribe();
    await user.saveDevice(device.json);
    pushService.answers.set(device.id, 410);
    await server.at('2026-11-21T14:00:00Z');
    expect(await server.app.services.repositories.pushSubscriptions.listForUser(user.id)).toEqual([]);
    // …and its owner is told, in the bell (decision 234).
    expect((await user.notifications()).map((n) => n.title).sort()).toEqual([
      'A device stopped receiving reminders',
      'Time for your Afternoon dose',
    ]);
  });
});

import { createECDH, randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import webpush from 'web-push';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../../src/db/database';
import type { PushMessage, PushResult, PushSender, PushTarget } from '../../../src/features/push/push-sender';
import { PushEndpointPolicy } from '../../../src/features/push/endpoint-allowlist';
import { WebPushSender } from '../../../src/features/push/web-push.sender';
import { RecordingSender, type ReminderServer, startReminderServer } from '../reminders/reminder-harness';
import { seedMorningUsers } from '../reminders/reminder-seed';
import { expectJsonError, signedInUser } from '../../support/scenario';
import { TEST_ENGINE } from '../../support/test-database';

const USERS = 2000;
const ENDPOINT = (i: number) => `https://push.example.test/device-${i}`;

/** A browser's real subscription keys. */
function browserKeys() {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  return { p256dh: ecdh.getPublicKey().toString('base64url'), auth: randomBytes(16).toString('base64url') };
}
const subscription = (endpoint: string, keys: { p256dh: string; auth: string }) =>
  JSON.stringify({ endpoint, expirationTime: null, keys });

/**
 * Encrypts every payload for its subscription exactly as WebPushSender did before issue 8 (outside
 * any try, so a bad key throws out of send), then records it.
 */
class EncryptingSender implements PushSender {
  constructor(private readonly recorder: RecordingSender) {}
  async send(target: PushTarget, message: PushMessage): Promise<PushResult> {
    const { keys } = JSON.parse(target.token) as { keys: { p256dh: string; auth: string } };
    webpush.encrypt(keys.p256dh, keys.auth, message.payload, 'aes128gcm');
    return this.recorder.send(target, message);
  }
}

describe(`a bad push subscription (${TEST_ENGINE})`, () => {
  let server: ReminderServer;
  const recorder = new RecordingSender();
  beforeAll(async () => {
    server = await startReminderServer({
      now: '2026-11-21T07:00:00Z',
      sender: new EncryptingSender(recorder),
    });
  });
  afterAll(() => server.close());

  it('is refused at registration: a key off the curve, a short key, a short auth secret (finding 2)', async () => {
    const user = await signedInUser(server, { label: 'badkey' });
    const good = browserKeys();
    const offCurve = Buffer.concat([Buffer.from([4]), randomBytes(64)]).toString('base64url');
    const bad = [
      { ...good, p256dh: offCurve },
      { ...good, p256dh: 'AAAA' },
      { ...good, auth: 'AAAA' },
      { ...good, auth: 'not base64 !' },
    ];
    for (const keys of bad) {
      const response = await user.api.post('/api/user/save-fcm-token', {
        email: user.email,
        tokenForNotification: subscription(ENDPOINT(-1), keys),
      });
      expectJsonError(response, 400);
    }
    const ok = await user.api.post('/api/user/save-fcm-token', {
      email: user.email,
      tokenForNotification: subscription(ENDPOINT(-1), good),
    });
    expect(ok.status, ok.text).toBe(200);
  });

  it('refuses an FCM token while FCM is not configured (finding 7)', async () => {
    const user = await signedInUser(server, { label: 'fcm' });
    const response = await user.api.post('/api/user/save-fcm-token', {
      email: user.email,
      tokenForNotification: `fcm-token-${randomBytes(20).toString('hex')}`,
    });
    expectJsonError(response, 400);
    expect(response.body.message).toMatch(/not supported/);
  });

  it(
    'already stored, fails alone: the other 1,999 pushes of its batch are delivered exactly once (finding 2)',
    { timeout: 120_000 },
    async () => {
      const keys = Array.from({ length: USERS }, (_, i) =>
        i === 0 ? { ...browserKeys(), p256dh: 'BAAA' } : browserKeys(),
      );
      await seedMorningUsers(server.database.handle.db, {
        count: USERS,
        timezone: 'UTC',
        now: server.clock.now(),
        label: 'stall',
        subscription: (i) => subscription(ENDPOINT(i), keys[i]!),
        endpoint: ENDPOINT,
        // One burst counted push by push: a follow-up at 08:10 would be a reminder of its own.
        followUps: false,
      });
      await server.at('2026-11-21T08:00:30Z');
      // Leases run out and sweeps run: nothing that was delivered may be sent again.
      await server.at('2026-11-21T08:03:00Z');
      await server.at('2026-11-21T08:10:00Z');
      const perEndpoint = new Map<string, number>();
      for (const s of recorder.sent) {
        if (s.payload.type !== 'reminder') continue;
        perEndpoint.set(s.target.endpoint, (perEndpoint.get(s.target.endpoint) ?? 0) + 1);
      }
      expect(perEndpoint.get(ENDPOINT(0))).toBeUndefined();
      const delivered = [...perEndpoint.entries()].filter(([e]) =>
        e.startsWith('https://push.example.test/device-'),
      );
      expect(delivered).toHaveLength(USERS - 1);
      expect(delivered.every(([, n]) => n === 1)).toBe(true);
      const pending = rowsOf<{ n: number }>(
        await server.database.handle.db.execute(
          sql`select count(*)::int as n from push_outbox where status = 'pending'`,
        ),
      );
      // Only the bad device's push may still wait for a retry.
      expect(pending[0]!.n).toBeLessThanOrEqual(1);
    },
  );

  it('drops pushes given up on after a day, keeps newer ones and pending ones (finding 7)', async () => {
    const db = server.database.handle.db;
    const [device] = rowsOf<{
      id: string;
      user_id: string;
    }>(await db.execute(sql`select id, user_id from push_subscriptions limit 1`));
    const insert = (status: string, createdAt: string, topic: string) =>
      db.execute(sql`insert into push_outbox (user_id, subscription_id, payload, topic, available_at, status, created_at)
        values (${device!.user_id}::uuid, ${device!.id}::uuid, '{}'::jsonb, ${topic}, '2099-01-01T00:00:00Z'::timestamptz, ${status}, ${createdAt}::timestamptz)`);
    await insert('failed', '2026-11-19T00:00:00Z', 'old-failed');
    await insert('failed', '2026-11-21T08:00:00Z', 'new-failed');
    await insert('pending', '2026-11-19T00:00:00Z', 'old-pending');
    await server.at('2026-11-21T09:00:00Z');
    // Retention prunes in the quiet part of a minute, beside the ticks (decision 276).
    server.clock.set('2026-11-21T09:00:30Z');
    expect(await server.engine.retention.run()).toBe(true);
    const topics = rowsOf<{ topic: string }>(
      await db.execute(
        sql`select topic from push_outbox where topic in ('old-failed', 'new-failed', 'old-pending') order by topic`,
      ),
    );
    expect(topics.map((t) => t.topic)).toEqual(['new-failed', 'old-pending']);
  });

  it('WebPushSender reports a stored key nobody can encrypt for as a lost device, without throwing', async () => {
    const vapid = webpush.generateVAPIDKeys();
    const sender = new WebPushSender(
      { ...vapid, subject: 'mailto:test@example.org' },
      PushEndpointPolicy.fromEnv('push.example.test'),
    );
    const result = await sender.send(
      {
        kind: 'webpush',
        endpoint: ENDPOINT(1),
        token: subscription(ENDPOINT(1), { ...browserKeys(), p256dh: 'BAAA' }),
      },
      { payload: '{}', topic: 't', ttlSeconds: 60, urgency: 'high' },
    );
    expect(result).toMatchObject({ ok: false, gone: true });
    await sender.close();
  });
});

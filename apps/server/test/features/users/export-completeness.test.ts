import { sql } from 'drizzle-orm';
import { careLinks, passkeys, userIdentities } from '../../../src/db/schema';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient } from '../../support/api-client';
import { signedInUser } from '../../support/scenario';
import { TEST_ENGINE } from '../../support/test-database';
import { type TestServer, startTestServer } from '../../support/test-server';

const NOTIFICATIONS = 10_250;
const WEB_PUSH = JSON.stringify({
  endpoint: 'https://updates.push.services.mozilla.com/wpush/v2/export-device',
  keys: {
    p256dh: 'BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1XbjhazAkj7I99e8QcYP7DkM',
    auth: 'tBHItJI5svbpez7KI4CCXg',
  },
});

describe(`data export is complete (${TEST_ENGINE})`, () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server.close());

  it('holds every notification past 10,000, the devices and the live sessions (finding 11)', async () => {
    const me = await signedInUser(server, { label: 'export-all' });
    const other = await signedInUser(server, { label: 'export-other' });
    await server.database.handle.db
      .execute(sql`insert into notifications (user_id, type, title, message, created_at)
      select ${me.id}::uuid, 'reminder', 'Note ' || i, 'Take it.',
        ${server.clock.now().toISOString()}::timestamptz - (i || ' seconds')::interval
      from generate_series(1, ${NOTIFICATIONS}) as i`);
    await server.database.handle.db.execute(sql`insert into notifications (user_id, type, title, message)
      values (${other.id}::uuid, 'reminder', 'Not mine', 'x')`);
    const saved = await me.api.post('/api/user/save-fcm-token', {
      email: me.email,
      tokenForNotification: WEB_PUSH,
    });
    expect(saved.status, saved.text).toBe(200);
    // A second device signed in.
    const second = new ApiClient(server.baseUrl);
    expect((await second.post('/api/auth/login', { email: me.email, password: me.password })).status).toBe(
      200,
    );

    const response = await me.api.get(`/api/user/${me.email}/export`);
    expect(response.status, response.text.slice(0, 300)).toBe(200);
    const body = response.body as {
      notifications: { title: string }[];
      devices: unknown[];
      sessions: { startedAt: string; expiresAt: string }[];
    };
    expect(body.notifications).toHaveLength(NOTIFICATIONS);
    expect(new Set(body.notifications.map((n) => n.title)).size).toBe(NOTIFICATIONS);
    expect(body.notifications.some((n) => n.title === 'Not mine')).toBe(false);
    expect(body.devices).toEqual([
      { kind: 'webpush', service: 'updates.push.services.mozilla.com', registeredAt: expect.any(String) },
    ]);
    expect(body.sessions).toHaveLength(2);
    expect(response.text).not.toContain('tBHItJI5svbpez7KI4CCXg'); // no device secret
    expect(response.text).not.toContain(me.api.cookie?.split('=')[1] ?? 'no-cookie'); // no session token
  });

  it('holds the passkeys, linked providers, care circle and calendar feed, never their secrets (decision 352)', async () => {
    const me = await signedInUser(server, { label: 'export-links' });
    const carer = await signedInUser(server, { label: 'export-carer' });
    const cared = await signedInUser(server, { label: 'export-cared' });
    const { db } = server.database.handle;
    await db.insert(passkeys).values({
      userId: me.id,
      credentialId: 'credential-id-secret-ish',
      publicKey: 'public-key-bytes',
      counter: 3,
      transports: 'internal',
      name: 'My phone',
    });
    await db.insert(userIdentities).values({
      provider: 'oidc',
      subject: 'subject-123',
      userId: me.id,
      email: 'me@idp.example',
    });
    const permissions = {
      canSeeMedicines: true,
      missedDoseAlerts: true,
      missedDelayMinutes: 45,
      refillAlerts: false,
    };
    await db.insert(careLinks).values([
      { patientId: me.id, caregiverId: carer.id, ...permissions },
      { patientId: cared.id, caregiverId: me.id, ...permissions, canSeeMedicines: false },
    ]);
    const invited = await me.api.post(`/api/care/${me.email}/invitations`, {
      email: 'invited@example.com',
      permissions: {
        canSeeMedicines: false,
        missedDoseAlerts: true,
        missedDelayMinutes: 60,
        refillAlerts: true,
      },
    });
    expect(invited.status, invited.text).toBe(201);
    const feed = await me.api.post(`/api/calendar/${me.email}/feed`, {});
    expect(feed.status, feed.text).toBeLessThan(300);

    const response = await me.api.get(`/api/user/${me.email}/export`);
    expect(response.status, response.text.slice(0, 300)).toBe(200);
    expect(response.body).toMatchObject({
      passkeys: [{ name: 'My phone', createdAt: expect.any(String), lastUsedAt: null }],
      signInProviders: [{ provider: 'oidc', email: 'me@idp.example', linkedAt: expect.any(String) }],
      careCircle: {
        caregivers: [{ name: carer.name, email: carer.email, ...permissions, since: expect.any(String) }],
        caringFor: [{ name: cared.name, email: cared.email, canSeeMedicines: false }],
        openInvitations: [
          { email: 'invited@example.com', sentAt: expect.any(String), expiresAt: expect.any(String) },
        ],
      },
      calendarFeed: { enabled: true, createdAt: expect.any(String) },
    });
    // What each is, never how to use it: no credential, key, provider subject or link token.
    for (const secret of ['credential-id-secret-ish', 'public-key-bytes', 'subject-123']) {
      expect(response.text).not.toContain(secret);
    }
    const token = (invited.body as { token: string }).token;
    expect(response.text).not.toContain(token);
    const feedToken = new URL((feed.body as { url: string }).url).pathname.split('/').at(-1)!;
    expect(feedToken.length).toBeGreaterThan(20);
    expect(response.text).not.toContain(feedToken);

    // The caregiver's own export names the person they care for.
    const carers = await carer.api.get(`/api/user/${carer.email}/export`);
    expect(carers.body).toMatchObject({ careCircle: { caringFor: [{ email: me.email }], caregivers: [] } });
  });
});

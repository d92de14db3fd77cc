import { sql } from 'drizzle-orm';
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
});

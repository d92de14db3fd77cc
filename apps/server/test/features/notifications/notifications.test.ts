import type { Notification } from '@medrem/contract';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SignedInUser, expectJsonError, seedNotification, signedInUser } from '../../support/scenario';
import { TEST_ENGINE } from '../../support/test-database';
import { type TestServer, startTestServer } from '../../support/test-server';

const NOW = '2026-11-21T10:00:00.000Z';

describe(`notifications (${TEST_ENGINE})`, () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ now: NOW });
  });
  afterAll(() => server.close());

  const newUser = (options: { timezone?: string; name?: string } = {}) =>
    signedInUser(server, { label: 'snu', ...options });

  describe('notifications', () => {
    let me: SignedInUser;
    let seeded: Notification[];
    const at = (minutesAgo: number) => new Date(new Date(NOW).getTime() - minutesAgo * 60_000);

    beforeAll(async () => {
      me = await newUser();
      const other = await newUser();
      seeded = [
        await seedNotification(server, me.id, { type: 'reminder', title: 'Oldest' }, at(30)),
        await seedNotification(server, me.id, { type: 'missed_dose', title: 'Middle' }, at(20)),
        await seedNotification(
          server,
          me.id,
          { type: 'refill', title: 'Newest', medicineName: null },
          at(10),
        ),
      ];
      await seedNotification(server, other.id, { title: 'Someone else’s' }, at(5));
    });

    it('lists the user’s own notifications newest first, with the unread count', async () => {
      const response = await me.api.get(`/api/notifications/${me.email}`);
      expect(response.status, response.text).toBe(200);
      expect(response.body.notifications.map((n: Notification) => n.title)).toEqual([
        'Newest',
        'Middle',
        'Oldest',
      ]);
      expect(response.body.unreadCount).toBe(3);
      expect(response.body.notifications[0]).toEqual({
        id: seeded[2]!.id,
        type: 'refill',
        title: 'Newest',
        message: 'Take Aspirin now.',
        medicineName: null,
        link: null,
        isRead: false,
        createdAt: at(10).toISOString(),
      });
    });

    it('pages with limit and before', async () => {
      const first = await me.api.get(`/api/notifications/${me.email}?limit=2`);
      expect(first.body.notifications.map((n: Notification) => n.title)).toEqual(['Newest', 'Middle']);
      expect(first.body.unreadCount).toBe(3);
      const before = encodeURIComponent(at(20).toISOString());
      const next = await me.api.get(`/api/notifications/${me.email}?limit=2&before=${before}`);
      expect(next.body.notifications.map((n: Notification) => n.title)).toEqual(['Oldest']);
      // The count is of all the user's unread notifications, whatever the page holds, even none.
      expect(next.body.unreadCount).toBe(3);
      const past = encodeURIComponent(at(60).toISOString());
      const empty = await me.api.get(`/api/notifications/${me.email}?before=${past}`);
      expect(empty.body).toEqual({ notifications: [], unreadCount: 3 });
      expectJsonError(await me.api.get(`/api/notifications/${me.email}?limit=0`), 400);
      expectJsonError(await me.api.get(`/api/notifications/${me.email}?limit=101`), 400);
    });

    it('treats an unknown type as generic', async () => {
      const odd = await seedNotification(server, me.id, { type: 'weird' as never, title: 'Odd' }, at(40));
      expect(odd.type).toBe('generic');
      const listed = await me.api.get(`/api/notifications/${me.email}`);
      expect(listed.body.notifications.find((n: Notification) => n.id === odd.id).type).toBe('generic');
      expect((await me.api.delete(`/api/notifications/${odd.id}`)).status).toBe(200);
    });

    it('marks one read (no body, as the spec’s client sends it)', async () => {
      const response = await me.api.patch(`/api/notifications/${seeded[0]!.id}/read`);
      expect(response.status, response.text).toBe(200);
      expect(response.body.notification).toMatchObject({ id: seeded[0]!.id, isRead: true, title: 'Oldest' });
      const listed = await me.api.get(`/api/notifications/${me.email}`);
      expect(listed.body.unreadCount).toBe(2);
      expect(listed.body.notifications.map((n: Notification) => n.isRead)).toEqual([false, false, true]);
    });

    it('marks all read and says how many changed', async () => {
      const response = await me.api.patch(`/api/notifications/${me.email}/read-all`);
      expect(response.status, response.text).toBe(200);
      expect(response.body).toEqual({ success: true, message: expect.any(String), updated: 2 });
      const listed = await me.api.get(`/api/notifications/${me.email}`);
      expect(listed.body.unreadCount).toBe(0);
      expect(listed.body.notifications.every((n: Notification) => n.isRead)).toBe(true);
      expect((await me.api.patch(`/api/notifications/${me.email}/read-all`)).body.updated).toBe(0);
    });

    it('deletes one; then it is gone (404), like an unknown id', async () => {
      const gone = seeded[1]!;
      const response = await me.api.delete(`/api/notifications/${gone.id}`);
      expect(response.status, response.text).toBe(200);
      expect(response.body).toEqual({ success: true, id: gone.id, message: expect.any(String) });
      const listed = await me.api.get(`/api/notifications/${me.email}`);
      expect(listed.body.notifications.map((n: Notification) => n.title)).toEqual(['Newest', 'Oldest']);
      expectJsonError(await me.api.delete(`/api/notifications/${gone.id}`), 404);
      expectJsonError(await me.api.patch(`/api/notifications/${gone.id}/read`), 404);
      expectJsonError(await me.api.patch(`/api/notifications/${randomUUID()}/read`), 404);
      expectJsonError(await me.api.delete(`/api/notifications/${randomUUID()}`), 404);
    });
  });
});

import type { Notification, Settings } from '@medrem/contract';
import { type SQL, count, eq, inArray, is } from 'drizzle-orm';
import { PgTable, getTableConfig } from 'drizzle-orm/pg-core';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as schema from '../src/db/schema';
import { ApiClient } from './support/api-client';
import {
  type SignedInUser,
  createMedicine,
  expectJsonError,
  exportSnapshot,
  seedNotification,
  setTaken,
  signedInUser,
  uniqueEmail,
} from './support/scenario';
import { TEST_ENGINE } from './support/test-database';
import { type TestServer, startTestServer } from './support/test-server';

const NOW = '2026-11-21T10:00:00.000Z';

const WEB_PUSH_SUBSCRIPTION = JSON.stringify({
  endpoint: 'https://updates.push.services.mozilla.com/wpush/v2/abc123',
  expirationTime: null,
  keys: {
    p256dh: 'BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1XbjhazAkj7I99e8QcYP7DkM',
    auth: 'tBHItJI5svbpez7KI4CCXg',
  },
});
const FCM_TOKEN = 'fcm-device-token_0123456789:APA91bHun4MxP5egoKMwt2KZFBaFUH';

describe(`settings, notifications and users (${TEST_ENGINE})`, () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ now: NOW });
  });
  afterAll(() => server.close());

  const newUser = (options: { timezone?: string; name?: string } = {}) =>
    signedInUser(server, { label: 'snu', ...options });
  const settingsOf = async (me: SignedInUser): Promise<Settings> => {
    const response = await me.api.get<{ settings: Settings }>(`/api/user/${me.email}/settings`);
    expect(response.status, response.text).toBe(200);
    return response.body.settings;
  };
  const withTimes = (settings: Settings, times: string[]) => ({
    ...settings,
    medicineDefaults: { ...settings.medicineDefaults, defaultReminderTimes: times },
  });

  describe('settings', () => {
    it('answers the spec’s defaults, zone UTC, and the user’s name and email when nothing is saved', async () => {
      const me = await newUser({ name: 'Grace' });
      const response = await me.api.get(`/api/user/${me.email}/settings`);
      expect(response.status).toBe(200);
      expect(response.body).toEqual({
        settings: {
          notifications: {
            enabled: true,
            reminderAdvance: 30,
            missedDoseAlerts: true,
            refillReminders: true,
            dailySummary: false,
            upcomingHeadsUp: false,
          },
          medicineDefaults: {
            defaultDosesPerDay: 1,
            defaultReminderTimes: ['08:00', '14:00', '20:00'],
            defaultDurationDays: 0,
          },
          privacy: { dataSharing: false, analytics: true },
          timezone: 'UTC',
          name: 'Grace',
          email: me.email,
        },
      });
    });

    it('keeps the zone given at registration; a later sign-in does not replace it', async () => {
      const me = await newUser({ timezone: 'Europe/Paris' });
      expect((await settingsOf(me)).timezone).toBe('Europe/Paris');
      const again = await new ApiClient(server.baseUrl).post('/api/auth/login', {
        email: me.email,
        password: me.password,
        timezone: 'Asia/Tokyo',
      });
      expect(again.status).toBe(200);
      expect((await settingsOf(me)).timezone).toBe('Europe/Paris');
    });

    it('saves and reads back every field; a save without a zone keeps the saved one', async () => {
      const me = await newUser();
      const wanted = {
        notifications: {
          enabled: false,
          reminderAdvance: 15,
          missedDoseAlerts: false,
          refillReminders: false,
          dailySummary: true,
          upcomingHeadsUp: true,
        },
        medicineDefaults: {
          defaultDosesPerDay: 2,
          defaultReminderTimes: ['07:15', '12:00', '19:45', '23:59'],
          defaultDurationDays: 14,
        },
        privacy: { dataSharing: true, analytics: false },
        timezone: 'America/New_York',
      };
      const saved = await me.api.put(`/api/user/${me.email}/settings`, wanted);
      expect(saved.status, saved.text).toBe(200);
      const expected = { ...wanted, name: me.name, email: me.email };
      expect(saved.body).toEqual({ settings: expected, message: 'Settings saved successfully!' });
      expect(await settingsOf(me)).toEqual(expected);

      const { timezone: _zone, ...withoutZone } = wanted;
      const again = await me.api.put(`/api/user/${me.email}/settings`, {
        ...withoutZone,
        privacy: { dataSharing: false, analytics: false },
      });
      expect(again.status, again.text).toBe(200);
      expect(await settingsOf(me)).toEqual({
        ...expected,
        privacy: { dataSharing: false, analytics: false },
      });
    });

    it.each([
      ['an unknown zone', (s: Settings) => ({ ...s, timezone: 'Mars/Olympus_Mons' })],
      ['a time of 25:00', (s: Settings) => withTimes(s, ['08:00', '25:00'])],
      ['a time without a leading zero', (s: Settings) => withTimes(s, ['8:00'])],
      ['the same time twice', (s: Settings) => withTimes(s, ['08:00', '08:00'])],
      [
        'nine times',
        (s: Settings) =>
          withTimes(s, ['01:00', '02:00', '03:00', '04:00', '05:00', '06:00', '07:00', '08:00', '09:00']),
      ],
      ['no time at all', (s: Settings) => withTimes(s, [])],
      [
        'a negative reminder advance',
        (s: Settings) => ({ ...s, notifications: { ...s.notifications, reminderAdvance: -1 } }),
      ],
      ['a missing group', ({ privacy: _privacy, ...s }: Settings) => s],
    ])('refuses %s with 400 and keeps what was saved', async (_label, change) => {
      const me = await newUser();
      const before = await settingsOf(me);
      const response = await me.api.put(`/api/user/${me.email}/settings`, change(before));
      expectJsonError(response, 400);
      expect(await settingsOf(me)).toEqual(before);
    });

    it('accepts eight distinct times', async () => {
      const me = await newUser();
      const eight = ['01:00', '02:00', '03:00', '04:00', '05:00', '06:00', '07:00', '08:00'];
      const response = await me.api.put(
        `/api/user/${me.email}/settings`,
        withTimes(await settingsOf(me), eight),
      );
      expect(response.status, response.text).toBe(200);
      expect(response.body.settings.medicineDefaults.defaultReminderTimes).toEqual(eight);
    });

    it('refuses with 409, naming the medicine, to remove a time a medicine still uses', async () => {
      const me = await newUser();
      const evening = await createMedicine(me, { name: 'Evening Statin', frequency: '0-0-1' });
      await createMedicine(me, { name: 'Morning Pill', frequency: '1-0-0' });
      const before = await settingsOf(me);
      const response = await me.api.put(
        `/api/user/${me.email}/settings`,
        withTimes(before, ['08:00', '14:00']),
      );
      expectJsonError(response, 409);
      expect(response.body.message).toContain('Evening Statin');
      expect(response.body.message).not.toContain('Morning Pill');
      expect(await settingsOf(me)).toEqual(before);
      expect((await me.api.get(`/api/medicine/${evening.id}`)).body.scheduledTimes).toEqual(['20:00']);
    });

    it('moves a changed time’s doses on every medicine that uses that slot', async () => {
      const me = await newUser();
      const both = await createMedicine(me, { frequency: '1-0-1' });
      const noon = await createMedicine(me, { frequency: '0-1-0' });
      const response = await me.api.put(
        `/api/user/${me.email}/settings`,
        withTimes(await settingsOf(me), ['07:30', '14:00', '21:15', '23:00']),
      );
      expect(response.status, response.text).toBe(200);
      expect((await me.api.get(`/api/medicine/${both.id}`)).body).toMatchObject({
        scheduledTimes: ['07:30', '21:15'],
        reminders: [{ times: ['07:30', '21:15'] }],
        dosesPerDay: 2,
      });
      expect((await me.api.get(`/api/medicine/${noon.id}`)).body.scheduledTimes).toEqual(['14:00']);
      // A new medicine takes the new times too.
      expect((await createMedicine(me, { frequency: '0-0-0-1' })).scheduledTimes).toEqual(['23:00']);
    });
  });

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

  describe('users', () => {
    it('GET /api/user/{id} answers findUser by id or email, for the caller only', async () => {
      const me = await newUser({ name: 'Hopper' });
      const other = await newUser();
      const expected = {
        findUser: {
          id: me.id,
          name: 'Hopper',
          email: me.email,
          createdAt: expect.any(String),
          lastLogin: server.clock.now().toISOString(),
        },
      };
      for (const key of [me.id, me.email, encodeURIComponent(me.email.toUpperCase())]) {
        const response = await me.api.get(`/api/user/${key}`);
        expect(response.status, `${key}: ${response.text}`).toBe(200);
        expect(response.body).toEqual(expected);
        expect(Object.keys(response.body.findUser).sort()).toEqual([
          'createdAt',
          'email',
          'id',
          'lastLogin',
          'name',
        ]);
      }
      for (const key of [other.id, other.email, randomUUID(), uniqueEmail('nobody')]) {
        expectJsonError(await me.api.get(`/api/user/${key}`), 403);
      }
    });

    it('PUT /api/user/{email} changes the name; the email never changes', async () => {
      const me = await newUser({ name: 'Before' });
      const renamed = await me.api.put(`/api/user/${me.email}`, {
        name: '  After  ',
        email: me.email.toUpperCase(),
      });
      expect(renamed.status, renamed.text).toBe(200);
      expect(renamed.body).toEqual({
        user: {
          id: me.id,
          name: 'After',
          email: me.email,
          createdAt: expect.any(String),
          lastLogin: server.clock.now().toISOString(),
        },
        message: 'Profile updated successfully!',
      });
      expect((await settingsOf(me)).name).toBe('After');

      const moved = await me.api.put(`/api/user/${me.email}`, {
        name: 'Sneaky',
        email: uniqueEmail('elsewhere'),
      });
      expectJsonError(moved, 400);
      expect(moved.body.message).toMatch(/cannot be changed/i);
      expect((await me.api.get(`/api/user/${me.id}`)).body.findUser).toMatchObject({
        name: 'After',
        email: me.email,
      });
      expectJsonError(await me.api.put(`/api/user/${me.email}`, { name: '' }), 400);
    });

    it('changes the password only with the current one', async () => {
      const me = await newUser();
      const login = (password: string) =>
        new ApiClient(server.baseUrl).post('/api/auth/login', { email: me.email, password });
      const url = `/api/user/${me.email}`;
      expectJsonError(await me.api.put(url, { name: me.name, password: 'brand-new-1' }), 400);
      expectJsonError(
        await me.api.put(url, { name: me.name, password: 'brand-new-1', currentPassword: 'wrong-one' }),
        400,
      );
      const tooShort = await me.api.put(url, {
        name: me.name,
        password: '12345',
        currentPassword: me.password,
      });
      expectJsonError(tooShort, 400);
      expect(tooShort.body.message).toContain('Password should be at least 6 characters long.');
      expect((await login(me.password)).status).toBe(200);

      const changed = await me.api.put(url, {
        name: me.name,
        password: 'brand-new-1',
        currentPassword: me.password,
      });
      expect(changed.status, changed.text).toBe(200);
      expectJsonError(await login(me.password), 401);
      expect((await login('brand-new-1')).status).toBe(200);
    });

    it('saves a Web Push subscription or an FCM token for the caller; null saves nothing', async () => {
      const me = await newUser();
      const devices = () => server.app.services.repositories.pushSubscriptions.listForUser(me.id);
      const save = (tokenForNotification: unknown) =>
        me.api.post('/api/user/save-fcm-token', { email: me.email, tokenForNotification });

      const none = await save(null);
      expect(none.status, none.text).toBe(200);
      expect(none.body.success).toBe(true);
      expect(await devices()).toEqual([]);

      expect((await save(WEB_PUSH_SUBSCRIPTION)).status).toBe(200);
      expect((await save(WEB_PUSH_SUBSCRIPTION)).status).toBe(200); // the same device once
      expect((await save(FCM_TOKEN)).status).toBe(200);
      const saved = await devices();
      expect(saved.map((d) => [d.kind, d.endpoint]).sort()).toEqual([
        ['fcm', `fcm:${FCM_TOKEN}`],
        ['webpush', 'https://updates.push.services.mozilla.com/wpush/v2/abc123'],
      ]);
      expect(JSON.parse(saved.find((d) => d.kind === 'webpush')!.token)).toEqual(
        JSON.parse(WEB_PUSH_SUBSCRIPTION),
      );

      const elsewhere = JSON.stringify({
        ...JSON.parse(WEB_PUSH_SUBSCRIPTION),
        endpoint: 'https://attacker.example.com/x',
      });
      for (const bad of [
        '{not json',
        JSON.stringify({ endpoint: 'ftp://x', keys: {} }),
        elsewhere,
        'short',
        42,
      ]) {
        expectJsonError(await save(bad), 400);
      }
      expect(await devices()).toHaveLength(2);
    });

    it('exports medicines, the full dose history, refills, settings and notifications', async () => {
      const me = await newUser({ name: 'Exporter' });
      const a = await createMedicine(me, { name: 'Alpha', frequency: '1-0-1' });
      const b = await createMedicine(me, { name: 'Beta', frequency: '0-1-0' });
      // Older than any page the app shows and than a year of history: the export has it all.
      await setTaken(me, a.id, '2025-01-15', '1-0-1');
      await setTaken(me, a.id, '2026-11-20', '1-0-0');
      await setTaken(me, b.id, '2026-11-19', '0-1-0');
      await me.api.patch(`/api/medicine/${a.id}/refill`, { pills: 30 });
      const note = await seedNotification(
        server,
        me.id,
        { title: 'Refill soon', type: 'refill' },
        new Date(NOW),
      );
      const saved = await me.api.put(
        `/api/user/${me.email}/settings`,
        withTimes(await settingsOf(me), ['06:00', '13:00', '22:00']),
      );
      expect(saved.status).toBe(200);

      const response = await me.api.get(`/api/user/${me.email}/export`);
      expect(response.status, response.text).toBe(200);
      const body = response.body;
      expect(Object.keys(body).sort()).toEqual(
        ['doseHistory', 'exportDate', 'medicines', 'notifications', 'refills', 'settings', 'user'].sort(),
      );
      expect(body.exportDate).toBe(server.clock.now().toISOString());
      expect(body.user).toMatchObject({ id: me.id, email: me.email, name: 'Exporter' });
      expect(body.medicines.map((m: { name: string }) => m.name)).toEqual(['Alpha', 'Beta']);
      expect(body.medicines[0].scheduledTimes).toEqual(['06:00', '22:00']);
      expect(body.doseHistory).toEqual(
        expect.arrayContaining([
          { medicineId: a.id, date: '2025-01-15', taken: '1-0-1' },
          { medicineId: a.id, date: '2026-11-20', taken: '1-0-0' },
          { medicineId: b.id, date: '2026-11-19', taken: '0-1-0' },
        ]),
      );
      expect(body.doseHistory).toHaveLength(3);
      expect(body.refills).toEqual([
        { medicineId: a.id, pills: 30, refilledAt: server.clock.now().toISOString() },
      ]);
      expect(body.settings).toEqual(saved.body.settings);
      expect(body.notifications).toEqual([note]);
      expect(response.text).not.toMatch(/password|hash/i);
    });
  });

  describe('account deletion', () => {
    const allTables: PgTable[] = Object.values(schema as Record<string, unknown>).filter(
      (value): value is PgTable => is(value, PgTable),
    );

    /**
     * For every table of the schema, the rows that belong to a user: by its user_id, or through its
     * medicines' ids. A table with neither has no condition, and the first test below says so.
     */
    function ownedRows(userId: string, medicineIds: string[]): Record<string, SQL | undefined> {
      return Object.fromEntries(
        allTables.map((table) => {
          const { name, columns } = getTableConfig(table);
          const column = (n: string) => columns.find((c) => c.name === n);
          const userColumn = name === 'users' ? column('id') : column('user_id');
          const medicineColumn = column('medicine_id');
          const where = userColumn
            ? eq(userColumn, userId)
            : medicineColumn
              ? inArray(medicineColumn, medicineIds.length ? medicineIds : [randomUUID()])
              : undefined;
          return [name, where];
        }),
      );
    }
    async function rowCounts(userId: string, medicineIds: string[]): Promise<Record<string, number>> {
      const { db } = server.database.handle;
      const counts: Record<string, number> = {};
      const conditions = ownedRows(userId, medicineIds);
      for (const table of allTables) {
        const { name } = getTableConfig(table);
        const [row] = await db.select({ n: count() }).from(table).where(conditions[name]);
        counts[name] = row?.n ?? -1;
      }
      return counts;
    }
    async function fullyUsedAccount(): Promise<{ me: SignedInUser; medicineIds: string[] }> {
      const me = await newUser();
      const m = await createMedicine(me);
      await setTaken(me, m.id, '2026-11-20', '1-0-1');
      await me.api.patch(`/api/medicine/${m.id}/refill`, { pills: 20 });
      await me.api.put(`/api/user/${me.email}/settings`, await settingsOf(me));
      await me.api.post('/api/user/save-fcm-token', {
        email: me.email,
        tokenForNotification: WEB_PUSH_SUBSCRIPTION.replace('abc123', me.id),
      });
      await seedNotification(server, me.id);
      return { me, medicineIds: [m.id] };
    }

    it('knows which rows of every table of the schema belong to a user', () => {
      const uncovered = Object.entries(ownedRows(randomUUID(), [])).filter(
        ([, where]) => where === undefined,
      );
      expect(uncovered.map(([name]) => name)).toEqual([]);
      expect(allTables.length).toBeGreaterThanOrEqual(8);
    });

    it('removes the account and everything it owns, and nothing of anyone else', async () => {
      const { me, medicineIds } = await fullyUsedAccount();
      const bystander = await fullyUsedAccount();
      const bystanderBefore = await exportSnapshot(bystander.me);
      const before = await rowCounts(me.id, medicineIds);
      // What the API alone can fill (the reminder engine's tables may stay empty here).
      const filled = [
        'users',
        'sessions',
        'user_settings',
        'medicines',
        'dose_records',
        'refills',
        'notifications',
        'push_subscriptions',
      ];
      for (const table of filled) expect(before[table], table).toBeGreaterThan(0);

      const token = me.api.token;
      const response = await me.api.delete(`/api/user/${me.email}/account`);
      expect(response.status, response.text).toBe(200);
      expect(response.body).toEqual({ success: true, message: 'Account deleted successfully' });

      const after = await rowCounts(me.id, medicineIds);
      expect(after).toEqual(Object.fromEntries(Object.keys(before).map((table) => [table, 0])));
      expectJsonError(
        await new ApiClient(server.baseUrl).get(`/api/user/${me.id}`, {
          headers: { authorization: `Bearer ${token}` },
        }),
        401,
      );
      expectJsonError(
        await new ApiClient(server.baseUrl).post('/api/auth/login', {
          email: me.email,
          password: me.password,
        }),
        401,
      );
      // The email is free again.
      const again = await new ApiClient(server.baseUrl).post('/api/user/register', {
        name: 'New',
        email: me.email,
        password: 'another-1',
      });
      expect(again.status).toBe(201);

      expect(await exportSnapshot(bystander.me)).toEqual(bystanderBefore);
      const bystanderRows = await rowCounts(bystander.me.id, bystander.medicineIds);
      for (const table of filled) expect(bystanderRows[table], table).toBeGreaterThan(0);
    });
  });
});

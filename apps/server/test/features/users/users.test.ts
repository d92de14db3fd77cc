import { type SQL, count, eq, inArray, is, or, sql } from 'drizzle-orm';
import { PgTable, getTableConfig } from 'drizzle-orm/pg-core';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as schema from '../../../src/db/schema';
import { ApiClient } from '../../support/api-client';
import {
  type SignedInUser,
  createMedicine,
  expectJsonError,
  exportSnapshot,
  seedNotification,
  setTaken,
  settingsOf,
  signedInUser,
  uniqueEmail,
  withTimes,
} from '../../support/scenario';
import { TEST_ENGINE } from '../../support/test-database';
import { type TestServer, startTestServer } from '../../support/test-server';

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

describe(`users and account deletion (${TEST_ENGINE})`, () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ now: NOW });
  });
  afterAll(() => server.close());

  const newUser = (options: { timezone?: string; name?: string } = {}) =>
    signedInUser(server, { label: 'snu', ...options });

  describe('users', () => {
    it('GET /api/user/{id} answers findUser by id or email, for the caller only', async () => {
      const me = await newUser({ name: 'Hopper' });
      const other = await newUser();
      const expected = {
        findUser: {
          id: me.id,
          name: 'Hopper',
          email: me.email,
          emailVerified: false,
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
          'emailVerified',
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
          emailVerified: false,
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

    it('saves a Web Push subscription for the caller, refuses FCM while unconfigured; null saves nothing', async () => {
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
      // Issue 8, finding 7: stored without a configured FCM sender, it would fail on every reminder.
      expectJsonError(await save(FCM_TOKEN), 400);
      const saved = await devices();
      expect(saved.map((d) => [d.kind, d.endpoint]).sort()).toEqual([
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
      expect(await devices()).toHaveLength(1);
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
        [
          'accessTokens',
          'activity',
          'calendarFeed',
          'careCircle',
          'devices',
          'asNeededIntakes',
          'doseHistory',
          'skippedDoses',
          'exportDate',
          'gtinMappings',
          'journal',
          'medicines',
          'notifications',
          'packs',
          'passkeys',
          'planChanges',
          'postponedDoses',
          'refills',
          'sessions',
          'settings',
          'signInProviders',
          'twoFactor',
          'user',
        ].sort(),
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
      expect(body.packs).toEqual([]);
      expect(body.gtinMappings).toEqual([]);
      // No password and no hash; the activity record names how a sign-in was made ("password").
      expect(response.text.replaceAll('"method":"password"', '')).not.toMatch(/password|hash/i);
    });
  });

  describe('account deletion', () => {
    const INSTANCE_TABLES = new Set(['instance_settings', 'signup_invitations', 'admin_actions']);
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
          // The care circle: a user's rows as patient and as caregiver.
          const careColumns = [column('patient_id'), column('caregiver_id')].filter((c) => c !== undefined);
          // A device's delivery status (decision 234): through the user's devices.
          const deviceColumn = column('subscription_id');
          // The instance's own tables (issue 57) hold no user's rows: the sign-up policy, invitations
          // to addresses without an account, and the administrators' record, which names accounts
          // by address so that it outlives them (decisions 282–284).
          if (INSTANCE_TABLES.has(name)) return [name, sql`false`];
          const where = userColumn
            ? eq(userColumn, userId)
            : careColumns.length
              ? or(...careColumns.map((c) => eq(c, userId)))
              : medicineColumn
                ? inArray(medicineColumn, medicineIds.length ? medicineIds : [randomUUID()])
                : deviceColumn
                  ? sql`${deviceColumn} in (select id from push_subscriptions where user_id = ${userId}::uuid)`
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
      // A push still to send to that device: it goes with the device's row (decision 049).
      await server.database.handle.db.execute(sql`insert into push_outbox
        (user_id, subscription_id, payload, topic, available_at)
        select user_id, id, '{"title":"pending"}'::json, 'dose-0', now()
        from push_subscriptions where user_id = ${me.id}::uuid`);
      await server.database.handle.db
        .execute(sql`insert into delivery_status (subscription_id, last_success_at)
        select id, now() from push_subscriptions where user_id = ${me.id}::uuid`);
      const invited = await me.api.post(`/api/care/${me.email}/invitations`, {
        email: `carer-${randomUUID()}@example.com`,
        permissions: {
          canSeeMedicines: false,
          missedDoseAlerts: true,
          missedDelayMinutes: 60,
          refillAlerts: false,
        },
      });
      expect(invited.status, invited.text).toBe(201);
      const feed = await me.api.post(`/api/calendar/${me.email}/feed`, {});
      expect(feed.status, feed.text).toBe(201);
      await fillJournal(me, m.id);
      // A pack, which remembers its product number too (issue 58).
      const pack = await me.api.post(`/api/medicine/${m.id}/packs`, {
        code: '(01)09506000134352(17)271231(21)DELETE1',
        pills: 30,
      });
      expect(pack.status, pack.text).toBe(201);
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
      // What the API alone can fill, and a pending push (the engine's other tables may stay empty).
      const filled = [
        'users',
        'sessions',
        'user_settings',
        'medicines',
        'dose_records',
        'refills',
        'notifications',
        'push_subscriptions',
        'push_outbox',
        'delivery_status',
        'care_invitations',
        'calendar_feeds',
        'measurements',
        'measurement_types',
        'measurement_preferences',
        'symptom_names',
        'symptom_entries',
        'moods',
        'medicine_packs',
        'gtin_mappings',
        'measurement_reminders',
      ];
      for (const table of filled) expect(before[table], table).toBeGreaterThan(0);

      const token = me.api.token;
      const response = await me.api.delete(`/api/user/${me.email}/account`, { password: me.password });
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

/** One row in each journal table (issue 56), through the API. */
async function fillJournal(me: SignedInUser, medicineId: string): Promise<void> {
  const writes = [
    () =>
      me.api.post('/api/journal/measurements', {
        type: 'weight',
        values: { value: 70 },
        unit: 'kg',
        measuredAt: '2026-11-20T08:00:00Z',
      }),
    () => me.api.post('/api/journal/types', { name: 'Waist', unit: 'cm', min: 30, max: 250, decimals: 1 }),
    () => me.api.put('/api/journal/types/weight/preferences', { displayUnit: 'kg', targets: [] }),
    () => me.api.post('/api/journal/symptom-names', { name: 'Dry mouth' }),
    () =>
      me.api.post('/api/journal/symptoms', {
        symptom: 'Dry mouth',
        severity: 2,
        occurredAt: '2026-11-20T09:00:00Z',
        medicineId,
      }),
    () => me.api.put('/api/journal/moods/2026-11-20', { mood: 4 }),
    () => me.api.put('/api/journal/reminders/weight', { times: ['07:00'], days: [1] }),
  ];
  for (const write of writes) {
    const response = await write();
    expect(response.status, response.text).toBeLessThan(300);
  }
}

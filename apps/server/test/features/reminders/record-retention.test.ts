import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../../src/config/config';
import { rowsOf } from '../../../src/db/database';
import {
  RecordRetention,
  type RecordRetentionOptions,
  offTheDueSecond,
} from '../../../src/features/reminders/engine/record-retention';
import { RetentionRepository, prunedRecords } from '../../../src/features/reminders/retention.repository';
import { TEST_ENGINE } from '../../support/test-database';
import {
  RecordingSender,
  type ReminderServer,
  morningDoseUser,
  startReminderServer,
} from './reminder-harness';

const DAY = 86_400_000;
const QUIET = '2026-11-21T05:00:20Z';
const silent = { info: () => undefined, warn: () => undefined, error: () => undefined };

/**
 * Retention (decision 276): what grows with every burst (notifications, dedupe keys) and what is
 * past its use (pushes and mail given up on or sent, idempotency keys, expired links and sessions)
 * is deleted in bounded batches off the due second; what is still used, and the delivery status of
 * each device, stays.
 */
describe(`retention of notifications and finished delivery records (${TEST_ENGINE})`, () => {
  const sender = new RecordingSender();
  let server: ReminderServer;
  let userId: string;
  let endpoint: string;
  let deviceId: string;
  const db = () => server.database.handle.db;
  const count = async (query: ReturnType<typeof sql>) =>
    rowsOf<{ n: number }>(await db().execute(sql`select count(*)::int as n from (${query}) q`))[0]!.n;
  const ago = (ms: number) => new Date(new Date(QUIET).getTime() - ms).toISOString();
  /** A pruner beside the engine's own, 30 days for notifications unless told. */
  const pruner = (options: Partial<RecordRetentionOptions> = {}) =>
    new RecordRetention({
      db: db(),
      clock: server.clock,
      log: silent,
      notificationMs: 30 * DAY,
      busy: () => false,
      ...options,
    });
  const oldNotifications = () =>
    count(sql`select 1 from notifications where user_id = ${userId} and title = 'old'`);

  /** `n` notifications of the user created `age` before the quiet instant. */
  async function notificationsAged(n: number, age: number, title: string): Promise<void> {
    await db().execute(sql`insert into notifications (user_id, type, title, message, created_at)
      select ${userId}, 'dose', ${title}, 'm', ${ago(age)}::timestamptz from generate_series(1, ${n})`);
  }

  beforeAll(async () => {
    server = await startReminderServer({
      now: QUIET,
      sender,
      env: { NOTIFICATION_RETENTION_DAYS: '30' },
    });
    const seeded = await morningDoseUser(server, 'retention');
    userId = seeded.user.id;
    endpoint = seeded.endpoint;
    deviceId = rowsOf<{ id: string }>(
      await db().execute(sql`select id from push_subscriptions where user_id = ${userId}`),
    )[0]!.id;
  });
  afterAll(async () => {
    await server.close();
  });

  it('NOTIFICATION_RETENTION_DAYS is validated like the other settings: 365 by default, 0 keeps all', () => {
    const base = { NODE_ENV: 'test', DATA_DIR: server.dataDir };
    expect(loadConfig(base).reminders.notificationRetentionMs).toBe(365 * DAY);
    expect(loadConfig({ ...base, NOTIFICATION_RETENTION_DAYS: '0' }).reminders.notificationRetentionMs).toBe(
      0,
    );
    expect(() => loadConfig({ ...base, NOTIFICATION_RETENTION_DAYS: '-1' })).toThrow(
      /NOTIFICATION_RETENTION_DAYS/,
    );
    expect(() => loadConfig({ ...base, NOTIFICATION_RETENTION_DAYS: 'a year' })).toThrow(
      /NOTIFICATION_RETENTION_DAYS/,
    );
  });

  it('the engine prunes what is past its use and keeps the younger rows and the delivery status', async () => {
    await notificationsAged(3, 31 * DAY, 'old');
    await notificationsAged(2, 29 * DAY, 'young');
    await db().execute(sql`insert into reminder_deliveries (user_id, key, created_at) values
      (${userId}, 'dose:0:old', ${ago(9 * DAY)}::timestamptz), (${userId}, 'dose:0:young', ${ago(7 * DAY)}::timestamptz)`);
    await db()
      .execute(sql`insert into push_outbox (user_id, subscription_id, payload, topic, available_at, status, created_at)
      values (${userId}, ${deviceId}, '{}', 'failed-old', now(), 'failed', ${ago(2 * DAY)}::timestamptz),
             (${userId}, ${deviceId}, '{}', 'failed-young', now(), 'failed', ${ago(3_600_000)}::timestamptz),
             (${userId}, ${deviceId}, '{}', 'pending-old', ${ago(-30 * DAY)}::timestamptz, 'pending', ${ago(2 * DAY)}::timestamptz)`);
    // The pending mail is not due before the tests end: the mail sender leaves it pending.
    await db()
      .execute(sql`insert into mail_outbox (user_id, kind, to_address, subject, status, available_at, created_at)
      values (${userId}, 'k', 'a@example.com', 'sent-old', 'sent', now(), ${ago(31 * DAY)}::timestamptz),
             (${userId}, 'k', 'a@example.com', 'pending-old', 'pending', ${ago(-30 * DAY)}::timestamptz, ${ago(31 * DAY)}::timestamptz),
             (${userId}, 'k', 'a@example.com', 'sent-young', 'sent', now(), ${ago(29 * DAY)}::timestamptz)`);
    await db().execute(sql`insert into idempotent_writes (user_id, key, operation, request_hash, created_at)
      values (${userId}, 'old', 'op', 'h', ${ago(31 * DAY)}::timestamptz), (${userId}, 'young', 'op', 'h', ${ago(29 * DAY)}::timestamptz)`);
    await db()
      .execute(sql`insert into account_tokens (token_hash, user_id, purpose, email, expires_at, created_at)
      values ('expired', ${userId}, 'password-reset', 'a@example.com', ${ago(2 * DAY)}::timestamptz, ${ago(3 * DAY)}::timestamptz),
             ('live', ${userId}, 'password-reset', 'a@example.com', ${ago(-DAY)}::timestamptz, ${ago(0)}::timestamptz)`);
    await db().execute(sql`insert into sessions (token_hash, user_id, expires_at, created_at)
      values ('expired', ${userId}, ${ago(60_000)}::timestamptz, ${ago(DAY)}::timestamptz),
             ('live', ${userId}, ${ago(-DAY)}::timestamptz, ${ago(DAY)}::timestamptz)`);
    await db()
      .execute(sql`insert into delivery_status (subscription_id, last_success_at, last_failure_at, last_failure_reason)
      values (${deviceId}, ${ago(400 * DAY)}::timestamptz, ${ago(500 * DAY)}::timestamptz, 'refused')
      on conflict (subscription_id) do update set last_success_at = excluded.last_success_at,
        last_failure_at = excluded.last_failure_at, last_failure_reason = excluded.last_failure_reason`);

    // On the due second nothing is pruned; a quiet second of the same minute prunes.
    server.clock.set('2026-11-21T05:00:02Z');
    await server.engine.runUntilIdle();
    expect(await oldNotifications()).toBe(3);
    server.clock.set(QUIET);
    await server.engine.runUntilIdle(); // fires what the new user had due: no prune beside a burst
    await server.engine.runUntilIdle(); // nothing due: the prune runs and is awaited

    const titles = async (table: string, column: string) =>
      rowsOf<{ v: string }>(
        await db().execute(
          sql`select ${sql.identifier(column)} as v from ${sql.identifier(table)} where user_id = ${userId} order by 1`,
        ),
      ).map((row) => row.v);
    expect(await titles('notifications', 'title')).toEqual(['young', 'young']);
    expect(await titles('reminder_deliveries', 'key')).toEqual(['dose:0:young']);
    expect(await titles('push_outbox', 'topic')).toEqual(['failed-young', 'pending-old']);
    // (the registration's own mail aside)
    expect((await titles('mail_outbox', 'subject')).filter((subject) => subject.includes('-'))).toEqual([
      'pending-old',
      'sent-young',
    ]);
    expect(await titles('idempotent_writes', 'key')).toEqual(['young']);
    expect(
      (await titles('account_tokens', 'token_hash')).filter((hash) => ['expired', 'live'].includes(hash)),
    ).toEqual(['live']);
    expect((await titles('sessions', 'token_hash')).filter((hash) => hash === 'expired')).toEqual([]);
    expect(await titles('sessions', 'token_hash')).toContain('live');
    expect(
      await count(
        sql`select 1 from delivery_status where subscription_id = ${deviceId} and last_failure_reason = 'refused'`,
      ),
    ).toBe(1);
  });

  it('0 keeps every notification; the other records are still pruned', async () => {
    await notificationsAged(5, 3000 * DAY, 'old');
    await db().execute(sql`insert into reminder_deliveries (user_id, key, created_at)
      values (${userId}, 'dose:0:older', ${ago(9 * DAY)}::timestamptz)`);
    const keeping = pruner({ notificationMs: 0 });
    expect(await keeping.run()).toBe(true);
    expect(await oldNotifications()).toBe(5);
    expect(await count(sql`select 1 from reminder_deliveries where key = 'dose:0:older'`)).toBe(0);
    await db().execute(sql`delete from notifications where title = 'old'`);
  });

  it('prunes the activity record and unused known devices after 180 days (decision 294)', async () => {
    await db().execute(sql`insert into account_activity (user_id, at, kind, detail)
      values (${userId}, ${ago(181 * DAY)}::timestamptz, 'data-export', '{}'),
             (${userId}, ${ago(179 * DAY)}::timestamptz, 'password-changed', '{}')`);
    await db()
      .execute(sql`insert into known_devices (user_id, device_hash, device, ip, first_seen_at, last_seen_at)
      values (${userId}, 'unused', 'd', '203.0.113.0', ${ago(400 * DAY)}::timestamptz, ${ago(181 * DAY)}::timestamptz),
             (${userId}, 'used', 'd', '203.0.113.0', ${ago(400 * DAY)}::timestamptz, ${ago(DAY)}::timestamptz)`);
    expect(await pruner().run()).toBe(true);
    const kinds = rowsOf<{ kind: string }>(
      await db().execute(sql`select kind from account_activity where user_id = ${userId}`),
    ).map((row) => row.kind);
    expect(kinds).toContain('password-changed');
    expect(kinds).not.toContain('data-export');
    expect(
      rowsOf<{ device_hash: string }>(
        await db().execute(sql`select device_hash from known_devices where user_id = ${userId}`),
      ).map((row) => row.device_hash),
    ).toContain('used');
    expect(await count(sql`select 1 from known_devices where device_hash = 'unused'`)).toBe(0);
  });

  it('deletes in batches of at most the batch size, the oldest notifications first', async () => {
    await notificationsAged(250, 40 * DAY, 'old');
    await notificationsAged(1, 90 * DAY, 'oldest');
    const batches: number[] = [];
    let oldestGoneFirst = false;
    const retention = pruner({
      batchSize: 100,
      afterBatch: async (table, deleted) => {
        if (table !== 'notifications') return;
        if (batches.length === 0)
          oldestGoneFirst = (await count(sql`select 1 from notifications where title = 'oldest'`)) === 0;
        batches.push(deleted);
      },
    });
    expect(await retention.run()).toBe(true);
    expect(batches).toEqual([100, 100, 51]);
    expect(oldestGoneFirst).toBe(true);
    expect(await oldNotifications()).toBe(0);
  });

  it('waits for the quiet part of a minute and for this process to finish its burst', async () => {
    expect(offTheDueSecond(new Date('2026-11-21T07:00:00Z'))).toBe(false);
    expect(offTheDueSecond(new Date('2026-11-21T07:00:55Z'))).toBe(false);
    expect(offTheDueSecond(new Date('2026-11-21T07:00:20Z'))).toBe(true);
    let busy = true;
    const retention = pruner({ notificationMs: DAY, busy: () => busy });
    expect(retention.due(new Date(QUIET))).toBe(false);
    await notificationsAged(3, 31 * DAY, 'old');
    expect(await retention.run()).toBe(false);
    expect(await oldNotifications()).toBe(3);
    busy = false;
    expect(retention.due(new Date(QUIET))).toBe(true);
    expect(await retention.run()).toBe(true);
    expect(await oldNotifications()).toBe(0);
  });

  it('a burst fires between two batches of a long prune, which then yields until the quiet seconds', async () => {
    await notificationsAged(300, 31 * DAY, 'old');
    let sentDuringPrune: string[] = [];
    let oldLeftThen = -1;
    const retention = pruner({
      batchSize: 100,
      afterBatch: async (table) => {
        if (table !== 'notifications' || oldLeftThen >= 0) return;
        // 08:00 Berlin: the morning dose is due while the prune has rows left.
        await server.at('2026-11-21T07:00:00Z');
        sentDuringPrune = sender.to(endpoint).map((s) => s.payload.notification.title);
        oldLeftThen = await oldNotifications();
      },
    });
    expect(await retention.run()).toBe(false);
    expect(sentDuringPrune).toEqual(['Time for your Morning dose']);
    expect(oldLeftThen).toBe(200);
    expect(await oldNotifications()).toBe(200);
    server.clock.set('2026-11-21T07:00:20Z');
    expect(await retention.run()).toBe(true);
    expect(await oldNotifications()).toBe(0);
  });

  // On PostgreSQL the fire runs on other connections: a batch's open transaction (the pruner's
  // lock, the deleted rows' locks) must not hold it up, and must keep a second pruner out. PGlite
  // runs one statement at a time, so there the batches interleave with the burst (the test above).
  it.runIf(TEST_ENGINE === 'postgres')(
    'a fire completes while a prune batch is uncommitted; a second pruner stays out',
    async () => {
      await notificationsAged(50, 31 * DAY, 'old');
      server.clock.set('2026-11-21T07:00:20Z');
      const [notifications] = prunedRecords(30 * DAY);
      const before = sender.sent.length;
      await db().transaction(async (tx) => {
        const batch = await new RetentionRepository(tx).deleteBatch(notifications!, server.clock.now(), 1000);
        expect(batch).toEqual({ locked: true, deleted: 50 });
        const other = pruner({ notificationMs: DAY });
        expect(await other.run()).toBe(true);
        expect(other.deleted).toBe(0);
        await server.at('2026-11-22T07:00:00Z');
        expect(sender.sent.length).toBeGreaterThan(before);
      });
      expect(await oldNotifications()).toBe(0);
    },
  );
});

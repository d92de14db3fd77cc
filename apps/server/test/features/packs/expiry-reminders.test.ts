import type { Cabinet, Medicine } from '@medrem/contract';
import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../../src/db/database';
import { TEST_ENGINE } from '../../support/test-database';
import {
  RecordingSender,
  type ReminderServer,
  createUser,
  deleteRedisPrefix,
  probeRedis,
  startReminderServer,
} from '../reminders/reminder-harness';

/** GS1's own example product number (General Specifications), with a good check digit. */
const GTIN = '09506000134352';
const redisUrl = await probeRedis();

/**
 * Expiry reminders (issue 58, decisions 323 and 344): 30 and 7 days before a pack on hand expires
 * and on the day, at 09:00 in the user's zone, once each; held to the end of the user's quiet hours.
 * The same journey on the in-process queue and on BullMQ (two servers on one Redis, both firing).
 */
function journey(engine: 'in-process' | 'bullmq', env: Record<string, string> = {}) {
  let server: ReminderServer;
  let second: ReminderServer | undefined;
  const sender = new RecordingSender();
  beforeAll(async () => {
    // Sessions outlive the two months the journey walks through.
    const options = { now: '2026-12-10T10:00:00Z', sender, env: { SESSION_TTL_DAYS: '365', ...env } };
    server = await startReminderServer(options);
    if (engine === 'bullmq') {
      expect(server.app.reminders.queue?.kind).toBe('bullmq');
      second = await startReminderServer({ ...options, shareWith: server });
    }
  });
  afterAll(async () => {
    await second?.close();
    await server.close();
  });
  /** The clock at `iso`, and every server's engine run until nothing is due. */
  const at = async (iso: string) => {
    await server.at(iso);
    if (second) await Promise.all([server.engine.runUntilIdle(), second.engine.runUntilIdle()]);
  };

  async function userWithPack(timezone: string, serial: string, notifications: Record<string, unknown> = {}) {
    const user = await createUser(server, {
      timezone,
      notifications: { missedDoseAlerts: false, ...notifications },
    });
    const m = await user.addMedicine({ name: 'Expiring', frequency: '1-0-0', totalPills: 10 });
    const added = await user.api.post(`/api/medicine/${m.id}/packs`, {
      gtin: GTIN,
      serial,
      expiresOn: '2027-01-20',
      pills: 10,
    });
    expect(added.status, added.text).toBe(201);
    const expiry = async () =>
      (await user.notifications()).filter((n) => n.title.startsWith('A pack expires')).map((n) => n.title);
    return { user, m, expiry };
  }

  it('reminds 30 and 7 days before a pack expires and on the day, once each, in the user’s zone', async () => {
    const { user, m, expiry } = await userWithPack('Europe/Berlin', 'EXP1');
    // Quiet hours of the night (the default window, if on) do not reach 09:00.
    const quiet = await userWithPack('UTC', 'QUIET1', {
      quietHours: { enabled: true, start: '22:00', end: '10:30' },
    });

    // 30 days before is 2026-12-21; the reminder goes at 09:00 Berlin (08:00 UTC).
    await at('2026-12-21T07:59:00Z');
    expect(await expiry()).toEqual([]);
    await at('2026-12-21T08:00:00Z');
    expect(await expiry()).toEqual(['A pack expires in 30 days']);
    const [first] = (await user.notifications()).filter((n) => n.title.startsWith('A pack expires'));
    expect(first).toMatchObject({ type: 'refill', message: expect.stringContaining('use by Jan 20, 2027') });

    // Decision 344: 09:00 UTC is in the other user's quiet hours (22:00–10:30): held to their end.
    await at('2026-12-21T09:00:00Z');
    await at('2026-12-21T10:29:00Z');
    expect(await quiet.expiry()).toEqual([]);
    await at('2026-12-21T10:30:00Z');
    expect(await quiet.expiry()).toEqual(['A pack expires in 30 days']);

    // Nothing more in the days between: the row waits for the next stage.
    await at('2026-12-28T10:30:00Z');
    expect(await expiry()).toHaveLength(1);
    expect(await quiet.expiry()).toHaveLength(1);
    // An edit of the medicine reschedules, and what was sent is not sent again.
    await user.refresh();
    const edit = await user.api.put(`/api/medicine/${m.id}`, {
      ...(await user.api.get<Medicine>(`/api/medicine/${m.id}`)).body,
      name: 'Expiring',
    });
    expect(edit.status, edit.text).toBe(200);
    await at('2027-01-13T08:00:00Z');
    expect(await expiry()).toEqual(['A pack expires in 7 days', 'A pack expires in 30 days']);
    // Held again on the next stage's day, not dropped: at the end of the window, once.
    await at('2027-01-13T09:00:00Z');
    expect(await quiet.expiry()).toHaveLength(1);
    await at('2027-01-13T10:30:00Z');
    await at('2027-01-13T11:00:00Z');
    expect(await quiet.expiry()).toEqual(['A pack expires in 7 days', 'A pack expires in 30 days']);
    await at('2027-01-20T08:00:00Z');
    expect(await expiry()).toEqual([
      'A pack expires today',
      'A pack expires in 7 days',
      'A pack expires in 30 days',
    ]);
    await at('2027-01-20T10:30:00Z');
    expect(await quiet.expiry()).toHaveLength(3);

    // After the day nothing more, and the row is gone.
    await at('2027-02-20T10:30:00Z');
    expect(await expiry()).toHaveLength(3);
    expect(await quiet.expiry()).toHaveLength(3);
    const rows = rowsOf<{ n: number }>(
      await server.database.handle.db.execute(sql`
        select count(*)::int as n from reminder_schedule where user_id = ${user.id} and kind = 'expiry'`),
    );
    expect(rows[0]!.n).toBe(0);
    // The cabinet now calls it expired.
    await user.refresh();
    const c = (await user.api.get<Cabinet>('/api/cabinet')).body;
    expect(c).toMatchObject({ expiredCount: 1, packs: [{ state: 'expired', daysToExpiry: -31 }] });
  });
}

describe(`expiry reminders on the in-process queue (${TEST_ENGINE})`, () => journey('in-process'));

describe.skipIf(!redisUrl)(`expiry reminders on BullMQ, two servers (${TEST_ENGINE})`, () => {
  const prefix = `medrem-test-${randomBytes(4).toString('hex')}`;
  afterAll(async () => {
    if (redisUrl) await deleteRedisPrefix(redisUrl, prefix);
  });
  journey('bullmq', { REDIS_URL: redisUrl ?? '', REDIS_KEY_PREFIX: prefix });
});

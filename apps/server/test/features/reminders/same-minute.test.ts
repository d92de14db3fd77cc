import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../../src/db/database';
import { TEST_ENGINE } from '../../support/test-database';
import type { ReminderServer, TestUser } from './reminder-harness';
import { RecordingSender, actOnPush, createUser, startReminderServer } from './reminder-harness';

/**
 * Decision 263: the doses of a user due at one minute — a default-time slot, a medicine with its own
 * time (decision 212) and an every-N-hours dose — arrive as one notification whose 'Take all'
 * records exactly those doses, once; other minutes and users with one kind are as before. Run with
 * preparation and staging ahead (decision 017) and without (the clock jumps to the instant).
 */
const DAY = '2026-11-24';
const MISSED_OFF = { missedDoseAlerts: false, followUps: { everyMinutes: 10, times: 0 } };

async function threeKinds(server: ReminderServer, ownTime = '08:00', followUps = 0) {
  await server.at(`${DAY}T04:00:00Z`);
  const notifications = { ...MISSED_OFF, followUps: { everyMinutes: 10, times: followUps } };
  const user = await createUser(server, { timezone: 'UTC', notifications });
  const metformin = await user.addMedicine({
    name: 'Metformin',
    dosage: '850 mg',
    frequency: '1-0-0',
    startDate: DAY,
  });
  const thyroid = await user.addMedicine({
    name: 'Levothyroxine',
    dosage: '50 mcg',
    frequency: '1',
    doseTimes: [ownTime],
    startDate: DAY,
  });
  const drops = await user.addMedicine({
    name: 'Eye drops',
    dosage: '',
    frequency: '1-0-0',
    startDate: DAY,
    schedule: { kind: 'interval', everyHours: 6, startTime: '08:00' },
  });
  const endpoint = `https://push.example.test/same-minute-${user.id}`;
  await user.addDevice(endpoint);
  return { user, endpoint, metformin, thyroid, drops };
}

async function takenFlags(user: TestUser, ids: string[]): Promise<string[]> {
  await user.refresh();
  const flags: string[] = [];
  for (const id of ids) {
    const answer = await user.api.get(`/api/medicine/${id}/taken?date=${DAY}`);
    flags.push(String(answer.body.takenDay?.taken ?? ''));
  }
  return flags;
}

for (const prepare of ['0', '180']) {
  const mode = prepare === '0' ? 'decided at the instant' : 'prepared and staged ahead';
  describe(`one notification per minute across row kinds (${TEST_ENGINE}, ${mode})`, () => {
    const sender = new RecordingSender();
    let server: ReminderServer;
    beforeAll(async () => {
      server = await startReminderServer({
        now: `${DAY}T04:00:00Z`,
        sender,
        env: { REMINDER_PREPARE_SECONDS: prepare, PUBLIC_URL: 'https://meds.example.org' },
      });
    });
    afterAll(async () => {
      await server?.close();
    });
    const shown = (endpoint: string) =>
      sender.to(endpoint).map((p) => [p.payload.notification.title, p.payload.notification.body]);

    async function staged(user: TestUser): Promise<number> {
      const [row] = rowsOf<{ n: number }>(
        await server.database.handle.db.execute(
          sql`select count(*)::int as n from staged_fires where user_id = ${user.id}::uuid`,
        ),
      );
      return row!.n;
    }

    it("a slot, an own-time medicine and an every-N-hours dose at 08:00: one push naming 3, whose 'Take all' marks the 3 once", async () => {
      const { user, endpoint, metformin, thyroid, drops } = await threeKinds(server);
      await server.at(`${DAY}T07:58:00Z`);
      // Staged ahead as one user's fire (decision 017), or not at all without preparation.
      expect(await staged(user)).toBe(prepare === '0' ? 0 : 1);
      await server.at(`${DAY}T08:00:00Z`);
      expect(shown(endpoint)).toEqual([
        ['3 medicines at 8:00 AM', 'Metformin (850 mg), Eye drops, Levothyroxine (50 mcg)'],
      ]);
      const [push] = sender.to(endpoint);
      expect(push!.payload.actions.map((a: { title: string }) => a.title)).toEqual([
        'Take all',
        'Snooze 10 min',
      ]);
      // The bell holds the same one notification; nothing more at 08:00 or after.
      expect((await user.notifications()).map((n) => n.title)).toEqual(['3 medicines at 8:00 AM']);
      await server.at(`${DAY}T08:30:00Z`);
      expect(sender.to(endpoint)).toHaveLength(1);

      const take = push!.payload.actions[0].token as string;
      expect(await actOnPush(server, take)).toMatchObject({
        message: 'Metformin, Eye drops, Levothyroxine marked as taken!',
      });
      const ids = [metformin.id, thyroid.id, drops.id];
      expect(await takenFlags(user, ids)).toEqual(['1-0-0', '1', '1-0-0']);
      // Pressed again (a second device): each dose is still marked once, nothing else changes.
      await actOnPush(server, take);
      expect(await takenFlags(user, ids)).toEqual(['1-0-0', '1', '1-0-0']);
      // The every-N-hours medicine's next dose is its own again, at 14:00.
      await server.at(`${DAY}T14:00:00Z`);
      expect(shown(endpoint).slice(1)).toEqual([
        ['Time for your Eye drops dose', 'Eye drops. Every 6 hours.'],
      ]);
    });

    it('their follow-ups are one notification too, naming the doses still open', async () => {
      const { user, endpoint, metformin } = await threeKinds(server, '08:00', 2);
      await server.at(`${DAY}T08:00:00Z`);
      await user.refresh();
      const tick = await user.api.put(`/api/medicine/${metformin.id}/taken`, { date: DAY, taken: '1-0-0' });
      expect(tick.status).toBe(200);
      await server.at(`${DAY}T08:10:00Z`);
      await server.at(`${DAY}T08:20:00Z`);
      expect(shown(endpoint)).toEqual([
        ['3 medicines at 8:00 AM', 'Metformin (850 mg), Eye drops, Levothyroxine (50 mcg)'],
        ['Still to take: 2 medicines at 8:00 AM', 'Eye drops, Levothyroxine (50 mcg)'],
        ['Still to take: 2 medicines at 8:00 AM', 'Eye drops, Levothyroxine (50 mcg)'],
      ]);
      // Its 'Take all' records the two it names; no follow-up after that.
      const last = sender.to(endpoint).at(-1)!;
      expect(await actOnPush(server, last.payload.actions[0].token as string)).toMatchObject({
        message: 'Eye drops, Levothyroxine marked as taken!',
      });
      await server.at(`${DAY}T08:30:00Z`);
      expect(sender.to(endpoint)).toHaveLength(3);
    });

    it('the dose page of that push lists the 3 doses and its Take all records them', async () => {
      const { user, endpoint, metformin, thyroid, drops } = await threeKinds(server);
      await server.at(`${DAY}T08:00:00Z`);
      const link = new URL(sender.to(endpoint)[0]!.payload.notification.navigate as string);
      const token = link.searchParams.get('token')!;
      const page = await fetch(`${server.baseUrl}/api/push/dose?token=${encodeURIComponent(token)}`);
      expect(await page.json()).toMatchObject({
        time: '08:00',
        medicines: [
          { name: 'Metformin', taken: false },
          { name: 'Eye drops', taken: false },
          { name: 'Levothyroxine', taken: false },
        ],
        actions: ['take', 'snooze'],
      });
      const taken = await fetch(`${server.baseUrl}/api/push/action`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ token, action: 'take' }),
      });
      expect(taken.status).toBe(200);
      expect(await takenFlags(user, [metformin.id, thyroid.id, drops.id])).toEqual(['1-0-0', '1', '1-0-0']);
    });

    it('different minutes stay separate notifications, with their own words', async () => {
      const { endpoint } = await threeKinds(server, '08:05');
      await server.at(`${DAY}T08:00:00Z`);
      await server.at(`${DAY}T08:05:00Z`);
      expect(shown(endpoint)).toEqual([
        ['2 medicines at 8:00 AM', 'Metformin (850 mg), Eye drops'],
        ['Time for your Morning dose', 'Levothyroxine (50 mcg)'],
      ]);
    });

    it('a user with one kind keeps the words and buttons of before', async () => {
      await server.at(`${DAY}T04:00:00Z`);
      const user = await createUser(server, { timezone: 'UTC', notifications: MISSED_OFF });
      await user.addMedicine({ name: 'Aspirin', dosage: '100 mg', frequency: '1-0-0', startDate: DAY });
      const endpoint = `https://push.example.test/one-kind-${user.id}`;
      await user.addDevice(endpoint);
      await server.at(`${DAY}T08:00:00Z`);
      expect(shown(endpoint)).toEqual([['Time for your Morning dose', 'Aspirin (100 mg)']]);
      expect(sender.to(endpoint)[0]!.payload.actions.map((a: { title: string }) => a.title)).toEqual([
        'Mark as taken',
        'Snooze 10 min',
      ]);
    });

    it('a dose ticked before the instant leaves the others as one notification (a staged fire undone)', async () => {
      const { user, endpoint, metformin, thyroid, drops } = await threeKinds(server);
      await server.at(`${DAY}T07:58:00Z`);
      await user.refresh();
      const tick = await user.api.put(`/api/medicine/${metformin.id}/taken`, { date: DAY, taken: '1-0-0' });
      expect(tick.status).toBe(200);
      expect(await staged(user)).toBe(0);
      await server.at(`${DAY}T08:00:00Z`);
      expect(shown(endpoint)).toEqual([['2 medicines at 8:00 AM', 'Eye drops, Levothyroxine (50 mcg)']]);
      // No slot in it: nothing to snooze (own-time and every-N-hours rows have no snooze yet).
      const [push] = sender.to(endpoint);
      expect(push!.payload.actions.map((a: { title: string }) => a.title)).toEqual(['Take all']);
      await actOnPush(server, push!.payload.actions[0].token as string);
      expect(await takenFlags(user, [metformin.id, thyroid.id, drops.id])).toEqual(['1-0-0', '1', '1-0-0']);
    });
  });
}

describe(`one notification per minute with two engines on one database (${TEST_ENGINE})`, () => {
  let first: ReminderServer;
  let second: ReminderServer;
  const sender = new RecordingSender();
  beforeAll(async () => {
    first = await startReminderServer({ now: `${DAY}T04:00:00Z`, sender });
    second = await startReminderServer({ now: `${DAY}T04:00:00Z`, shareWith: first, sender });
  });
  afterAll(async () => {
    await second?.close();
    await first?.close();
  });

  it('names every dose exactly once while both fire at the instant', async () => {
    const users = [];
    for (let i = 0; i < 4; i += 1) users.push(await threeKinds(first));
    first.clock.set(`${DAY}T08:00:00Z`);
    await Promise.all([first.engine.runUntilIdle(), second.engine.runUntilIdle()]);
    for (const { endpoint } of users) {
      const named = sender
        .to(endpoint)
        .flatMap((p) => String(p.payload.notification.body).split(', '))
        .sort();
      expect(named).toEqual(['Eye drops', 'Levothyroxine (50 mcg)', 'Metformin (850 mg)']);
    }
  });
});

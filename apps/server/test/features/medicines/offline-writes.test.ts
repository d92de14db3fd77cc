import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type SignedInUser,
  createMedicine,
  expectJsonError,
  seedNotification,
  setTaken,
  settingsOf,
  signedInUser,
  withTimes,
} from '../../support/scenario';
import { TEST_ENGINE } from '../../support/test-database';
import { type TestServer, startTestServer } from '../../support/test-server';

// Issue 12: writes that an offline queue may send late, out of order, or twice (decisions 070, 071).
const TODAY = '2026-11-21';
const NOW = `${TODAY}T10:00:00.000Z`;

describe(`offline-safe writes (${TEST_ENGINE})`, () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ now: NOW });
  });
  afterAll(() => server.close());

  // Every dose of the day is within reach at 10:00 (decision 190 refuses a tick more than the
  // take-early window before its dose): these tests are about the order of changes, not the hour.
  const newUser = async () => {
    const user = await signedInUser(server, { label: 'offline' });
    const saved = await user.api.put(
      `/api/user/${user.email}/settings`,
      withTimes(await settingsOf(user), ['08:00', '09:00', '10:00']),
    );
    expect(saved.status, saved.text).toBe(200);
    return user;
  };
  let keySeq = 0;
  const newKey = () => `test-key-${Date.now()}-${(keySeq += 1)}`;

  async function tick(
    user: SignedInUser,
    medicineId: string,
    body: { slot: number; taken: boolean; date?: string; tickedAt?: string; idempotencyKey?: string },
  ) {
    return user.api.put(`/api/medicine/${medicineId}/dose`, { date: TODAY, ...body });
  }
  async function takenOn(user: SignedInUser, medicineId: string, date = TODAY) {
    const response = await user.api.get(`/api/medicine/${medicineId}/taken?date=${date}`);
    expect(response.status, response.text).toBe(200);
    return (response.body as { takenDay: { taken: string } | null }).takenDay?.taken;
  }

  it('changes one slot and leaves the others as they are', async () => {
    const me = await newUser();
    const medicine = await createMedicine(me, { frequency: '1-0-1' });
    await setTaken(me, medicine.id, TODAY, '1-0-0');
    const response = await tick(me, medicine.id, { slot: 2, taken: true });
    expect(response.status, response.text).toBe(200);
    expect(response.body).toEqual({ takenDay: { date: TODAY, taken: '1-0-1' }, applied: true });
    expect(await takenOn(me, medicine.id)).toBe('1-0-1');
  });

  it('two devices changing the same slot converge on the change made last, in either arrival order', async () => {
    const me = await newUser();
    const early = { slot: 0, taken: true, tickedAt: `${TODAY}T08:05:00.000Z` };
    const late = { slot: 0, taken: false, tickedAt: `${TODAY}T08:30:00.000Z` };
    for (const order of [
      [early, late],
      [late, early],
    ]) {
      const medicine = await createMedicine(me, { frequency: '1-0-1' });
      const [first, second] = order as [typeof early, typeof early];
      expect((await tick(me, medicine.id, first)).status).toBe(200);
      const last = await tick(me, medicine.id, second);
      expect(last.status, last.text).toBe(200);
      // The later change (un-tick at 08:30) wins whichever arrived last.
      expect(await takenOn(me, medicine.id)).toBe('0-0-0');
      expect(last.body.applied).toBe(second === late);
      expect(last.body.takenDay.taken).toBe('0-0-0');
    }
  });

  it('on an exact tie, taken wins, whatever the order', async () => {
    const me = await newUser();
    const at = `${TODAY}T08:10:00.000Z`;
    for (const values of [
      [true, false],
      [false, true],
    ]) {
      const medicine = await createMedicine(me, { frequency: '1-0-1' });
      for (const taken of values) await tick(me, medicine.id, { slot: 0, taken, tickedAt: at });
      expect(await takenOn(me, medicine.id)).toBe('1-0-0');
    }
  });

  it('counts a tickedAt in the future as now, so a fast device clock cannot lock a slot', async () => {
    const me = await newUser();
    const medicine = await createMedicine(me, { frequency: '1-0-1' });
    await tick(me, medicine.id, { slot: 0, taken: true, tickedAt: '2030-01-01T00:00:00.000Z' });
    server.clock.advance(60_000);
    try {
      const undo = await tick(me, medicine.id, { slot: 0, taken: false });
      expect(undo.body, undo.text).toMatchObject({ applied: true, takenDay: { taken: '0-0-0' } });
    } finally {
      server.clock.set(NOW);
    }
  });

  it('a whole-day write stamps only the slots it changes', async () => {
    const me = await newUser();
    const medicine = await createMedicine(me, { frequency: '1-0-1' });
    await setTaken(me, medicine.id, TODAY, '1-0-0'); // at 10:00: slot 0 changed, slot 2 not
    const olderOnSlot2 = await tick(me, medicine.id, {
      slot: 2,
      taken: true,
      tickedAt: `${TODAY}T09:00:00Z`,
    });
    expect(olderOnSlot2.body.applied).toBe(true);
    const olderOnSlot0 = await tick(me, medicine.id, {
      slot: 0,
      taken: false,
      tickedAt: `${TODAY}T09:00:00Z`,
    });
    expect(olderOnSlot0.body.applied).toBe(false);
    expect(await takenOn(me, medicine.id)).toBe('1-0-1');
  });

  it('a settings save that moves the default times moves each slot’s stamp with its flag', async () => {
    const me = await newUser();
    const medicine = await createMedicine(me, { frequency: '1-0-1' });
    const evening = await tick(me, medicine.id, { slot: 2, taken: true, tickedAt: `${TODAY}T09:30:00Z` });
    expect(evening.body.applied).toBe(true);
    // A new first time: the evening dose (slot 2) becomes slot 3, the morning dose (0) slot 1.
    const saved = await me.api.put(`/api/user/${me.email}/settings`, {
      ...withTimes(await settingsOf(me), ['07:00', '08:00', '14:00', '20:00']),
      reminderTimeOrigins: [null, 0, 1, 2],
    });
    expect(saved.status, saved.text).toBe(200);
    expect(await takenOn(me, medicine.id)).toBe('0-0-0-1');
    // An un-tick of the evening dose made before 09:30 still loses: its stamp moved with it.
    const olderEvening = await tick(me, medicine.id, {
      slot: 3,
      taken: false,
      tickedAt: `${TODAY}T09:00:00Z`,
    });
    expect(olderEvening.status, olderEvening.text).toBe(200);
    expect(olderEvening.body.applied).toBe(false);
    // The morning dose, never ticked, takes an equally old change.
    const morning = await tick(me, medicine.id, { slot: 1, taken: true, tickedAt: `${TODAY}T09:00:00Z` });
    expect(morning.body).toEqual({ takenDay: { date: TODAY, taken: '0-1-0-1' }, applied: true });
  });

  it('a dashboard tick and a notification’s Mark as taken are one write: the later of the two wins', async () => {
    const me = await newUser();
    const medicine = await createMedicine(me, { frequency: '1-0-1' });
    // Pressed at 09:50 on the lock screen, sent now (10:00); the dashboard un-ticks it at 09:55.
    await tick(me, medicine.id, { slot: 2, taken: true, tickedAt: `${TODAY}T09:00:00Z` });
    const undo = await tick(me, medicine.id, { slot: 2, taken: false, tickedAt: `${TODAY}T09:55:00Z` });
    expect(undo.body.applied).toBe(true);
    const token = server.app.services.actionTokens.sign(
      { action: 'take', userId: me.id, slot: 2, date: TODAY, medicineId: medicine.id },
      server.clock.now(),
    );
    const press = await me.api.post('/api/push/action', { token, at: `${TODAY}T09:50:00.000Z` });
    expect(press.status, press.text).toBe(200);
    expect(await takenOn(me, medicine.id)).toBe('0-0-0');
    // Without `at` the press counts as made now, after the un-tick: it wins, slot 0 untouched.
    const fresh = server.app.services.actionTokens.sign(
      { action: 'take', userId: me.id, slot: 2, date: TODAY, medicineId: medicine.id },
      server.clock.now(),
    );
    expect((await me.api.post('/api/push/action', { token: fresh })).status).toBe(200);
    expect(await takenOn(me, medicine.id)).toBe('0-0-1');
  });

  it('a replay with the same key returns the first answer and applies nothing again', async () => {
    const me = await newUser();
    const medicine = await createMedicine(me, { frequency: '1-0-1' });
    const key = newKey();
    const first = await tick(me, medicine.id, { slot: 0, taken: true, idempotencyKey: key });
    expect(first.body).toEqual({ takenDay: { date: TODAY, taken: '1-0-0' }, applied: true });
    // Another device un-ticks later; then the first (lost) answer is asked for again.
    server.clock.advance(1000);
    try {
      await tick(me, medicine.id, { slot: 0, taken: false });
      const replay = await tick(me, medicine.id, { slot: 0, taken: true, idempotencyKey: key });
      expect(replay.status, replay.text).toBe(200);
      expect(replay.body).toEqual(first.body);
      expect(await takenOn(me, medicine.id)).toBe('0-0-0');
    } finally {
      server.clock.set(NOW);
    }
  });

  it('the same key for another request is refused with 409, and keys are per account', async () => {
    const me = await newUser();
    const other = await newUser();
    const mine = await createMedicine(me, { frequency: '1-0-1' });
    const theirs = await createMedicine(other, { frequency: '1-0-1' });
    const key = newKey();
    expect((await tick(me, mine.id, { slot: 0, taken: true, idempotencyKey: key })).status).toBe(200);
    const reused = await tick(me, mine.id, { slot: 2, taken: true, idempotencyKey: key });
    expectJsonError(reused, 409);
    expect(reused.body.message).toContain('idempotencyKey');
    expect(await takenOn(me, mine.id)).toBe('1-0-0');
    // The same key from another account is that account's own first write.
    const elsewhere = await tick(other, theirs.id, { slot: 2, taken: true, idempotencyKey: key });
    expect(elsewhere.body).toEqual({ takenDay: { date: TODAY, taken: '0-0-1' }, applied: true });
  });

  it('a refused write does not burn its key: the same key works once the write is valid', async () => {
    const me = await newUser();
    const medicine = await createMedicine(me, { frequency: '1-0-1' });
    const key = newKey();
    const tomorrow = '2026-11-22';
    const early = await tick(me, medicine.id, { slot: 0, taken: true, date: tomorrow, idempotencyKey: key });
    expectJsonError(early, 400);
    server.clock.set(`${tomorrow}T09:00:00.000Z`);
    try {
      await me.api.refreshToken(me.email);
      const later = await tick(me, medicine.id, {
        slot: 0,
        taken: true,
        date: tomorrow,
        idempotencyKey: key,
      });
      expect(later.status, later.text).toBe(200);
      expect(await takenOn(me, medicine.id, tomorrow)).toBe('1-0-0');
    } finally {
      server.clock.set(NOW);
    }
  });

  it('a tick for a medicine deleted meanwhile is a 404 the queue can report', async () => {
    const me = await newUser();
    const medicine = await createMedicine(me, { frequency: '1-0-1' });
    expect((await me.api.delete(`/api/medicine/${medicine.id}`)).status).toBe(200);
    const response = await tick(me, medicine.id, { slot: 0, taken: true, idempotencyKey: newKey() });
    expectJsonError(response, 404);
    expect(response.body.message).toBe('Medicine not found.');
  });

  it('concurrent duplicates of one key give one answer, applied once', async () => {
    const me = await newUser();
    const medicine = await createMedicine(me, { frequency: '1-0-1' });
    const key = newKey();
    const body = { slot: 2, taken: true, tickedAt: `${TODAY}T09:00:00Z`, idempotencyKey: key };
    const answers = await Promise.all([1, 2, 3].map(() => tick(me, medicine.id, body)));
    for (const answer of answers) expect(answer.status, answer.text).toBe(200);
    expect(new Set(answers.map((a) => JSON.stringify(a.body))).size).toBe(1);
    expect(await takenOn(me, medicine.id)).toBe('0-0-1');
  });

  it('the spec’s PUT …/taken body still works without a key, and with one it applies once', async () => {
    const me = await newUser();
    const medicine = await createMedicine(me, { frequency: '1-0-1' });
    await setTaken(me, medicine.id, TODAY, '1-0-0');
    const key = newKey();
    const keyed = { date: TODAY, taken: '1-0-1', idempotencyKey: key };
    expect((await me.api.put(`/api/medicine/${medicine.id}/taken`, keyed)).status).toBe(200);
    await setTaken(me, medicine.id, TODAY, '0-0-0');
    const replay = await me.api.put(`/api/medicine/${medicine.id}/taken`, keyed);
    expect(replay.body).toEqual({ takenDay: { date: TODAY, taken: '1-0-1' } });
    expect(await takenOn(me, medicine.id)).toBe('0-0-0');
  });

  describe('notifications', () => {
    it('mark all read with upTo leaves what arrived later unread; a replay marks nothing new', async () => {
      const me = await newUser();
      const seen = await seedNotification(server, me.id, {}, new Date(`${TODAY}T08:00:00Z`));
      const upTo = new Date(Date.parse(seen.createdAt) + 1).toISOString();
      const later = await seedNotification(server, me.id, {}, new Date(`${TODAY}T09:00:00Z`));
      const key = newKey();
      const body = { upTo, idempotencyKey: key };
      const first = await me.api.patch(`/api/notifications/${me.email}/read-all`, body);
      expect(first.status, first.text).toBe(200);
      expect(first.body.updated).toBe(1);
      const news = await seedNotification(server, me.id, {}, new Date(`${TODAY}T07:00:00Z`));
      const replay = await me.api.patch(`/api/notifications/${me.email}/read-all`, body);
      expect(replay.body).toEqual(first.body);
      const list = await me.api.get(`/api/notifications/${me.email}`);
      const unread = (list.body.notifications as { id: string; isRead: boolean }[])
        .filter((n) => !n.isRead)
        .map((n) => n.id)
        .sort();
      // 'news' is older than upTo and would be marked by a second real run: the key stopped that.
      expect(unread).toEqual([later.id, news.id].sort());
    });

    it('mark read applies once per key and keeps the spec’s body working', async () => {
      const me = await newUser();
      const n = await seedNotification(server, me.id);
      const plain = await me.api.patch(`/api/notifications/${n.id}/read`);
      expect(plain.status, plain.text).toBe(200);
      const key = newKey();
      const keyed = await me.api.patch(`/api/notifications/${n.id}/read`, { idempotencyKey: key });
      expect(keyed.body.notification).toMatchObject({ id: n.id, isRead: true });
      const clash = await me.api.patch(`/api/notifications/${me.email}/read-all`, { idempotencyKey: key });
      expectJsonError(clash, 409);
    });
  });

  describe("'Mark as taken' from a notification", () => {
    it('pressed offline earlier than an un-tick in the app, it loses when it syncs; replays apply once', async () => {
      const me = await newUser();
      const medicine = await createMedicine(me, { frequency: '1-0-1' });
      const token = server.app.services.actionTokens.sign(
        { action: 'take', userId: me.id, slot: 0, date: TODAY, medicineId: medicine.id },
        server.clock.now(),
      );
      const key = newKey();
      const pressed = { token, at: `${TODAY}T08:05:00.000Z`, idempotencyKey: key };
      await tick(me, medicine.id, { slot: 0, taken: false, tickedAt: `${TODAY}T08:30:00.000Z` });
      const synced = await me.api.post('/api/push/action', pressed);
      expect(synced.status, synced.text).toBe(200);
      expect(await takenOn(me, medicine.id)).toBe('0-0-0');

      const fresh = { token, idempotencyKey: newKey() };
      expect((await me.api.post('/api/push/action', fresh)).status).toBe(200);
      expect(await takenOn(me, medicine.id)).toBe('1-0-0');
      server.clock.advance(5000);
      try {
        const undo = await tick(me, medicine.id, { slot: 0, taken: false });
        expect(undo.body.applied).toBe(true);
        // The lost-answer replay of the press: already applied once, so nothing changes now.
        expect((await me.api.post('/api/push/action', fresh)).status).toBe(200);
        expect(await takenOn(me, medicine.id)).toBe('0-0-0');
      } finally {
        server.clock.set(NOW);
      }
    });
  });
});

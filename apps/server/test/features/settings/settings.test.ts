import type { Settings } from '@medrem/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient } from '../../support/api-client';
import {
  type SignedInUser,
  createMedicine,
  expectJsonError,
  setTaken,
  settingsOf,
  signedInUser,
  withTimes,
} from '../../support/scenario';
import { TEST_ENGINE } from '../../support/test-database';
import { type TestServer, startTestServer } from '../../support/test-server';

const NOW = '2026-11-21T10:00:00.000Z';

describe(`settings (${TEST_ENGINE})`, () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ now: NOW });
  });
  afterAll(() => server.close());

  const newUser = (options: { timezone?: string; name?: string } = {}) =>
    signedInUser(server, { label: 'snu', ...options });

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
            // Decisions 227, 228: follow-ups on (every 10 minutes, 3 times), quiet hours off.
            followUps: { everyMinutes: 10, times: 3 },
            quietHours: { enabled: false, start: '22:00', end: '07:00' },
          },
          medicineDefaults: {
            defaultDosesPerDay: 1,
            defaultReminderTimes: ['08:00', '14:00', '20:00'],
            defaultDurationDays: 0,
            takeEarlyMinutes: 60,
          },
          privacy: { dataSharing: false, analytics: true },
          timezone: 'UTC',
          // Issue 54: no language chosen (none given at registration), times as the language writes them.
          locale: null,
          clock: 'auto',
          // Issue 54: a new account has not chosen the simple screen: the app offers it once.
          simpleMode: null,
          name: 'Grace',
          email: me.email,
        },
      });
    });

    it('keeps the language given at registration (issue 54), and a save can set it back to none', async () => {
      const api = new ApiClient(server.baseUrl);
      const email = `lang-${Date.now()}@example.com`;
      await api.signUpAndIn({
        name: 'Ana',
        email,
        password: 'correct horse battery staple',
        locale: 'pt-BR',
      });
      const read = await api.get(`/api/user/${email}/settings`);
      expect(read.body.settings).toMatchObject({ locale: 'pt-BR', clock: 'auto', timezone: 'UTC' });
      const cleared = await api.put(`/api/user/${email}/settings`, {
        notifications: read.body.settings.notifications,
        medicineDefaults: read.body.settings.medicineDefaults,
        privacy: read.body.settings.privacy,
        locale: null,
      });
      expect(cleared.status, cleared.text).toBe(200);
      expect(cleared.body.settings.locale).toBeNull();
    });

    it('refuses a registration in a language the product does not speak, and makes no account', async () => {
      const api = new ApiClient(server.baseUrl);
      const email = `lang-bad-${Date.now()}@example.com`;
      const password = 'correct horse battery staple';
      const refused = await api.post('/api/user/register', {
        name: 'Ana',
        email,
        password,
        locale: 'klingon',
      });
      expectJsonError(refused, 400);
      expect(refused.text).toContain('Unknown language');
      const login = await api.post('/api/auth/login', { email, password });
      expect(login.status).toBe(401);
    });

    it('keeps the zone given at registration; a later sign-in does not replace it', async () => {
      const me = await newUser({ timezone: 'Europe/Paris' });
      expect((await settingsOf(me)).timezone).toBe('Europe/Paris');
      // A new account's row (made here by the zone) has not chosen the simple screen (issue 54).
      expect((await settingsOf(me)).simpleMode).toBeNull();
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
          followUps: { everyMinutes: 5, times: 6 },
          quietHours: { enabled: true, start: '21:30', end: '06:15' },
        },
        medicineDefaults: {
          defaultDosesPerDay: 2,
          defaultReminderTimes: ['07:15', '12:00', '19:45', '23:59'],
          defaultDurationDays: 14,
          takeEarlyMinutes: 30,
        },
        privacy: { dataSharing: true, analytics: false },
        timezone: 'America/New_York',
        locale: 'de',
        clock: '24h',
        simpleMode: true,
      };
      const saved = await me.api.put(`/api/user/${me.email}/settings`, wanted);
      expect(saved.status, saved.text).toBe(200);
      const expected = { ...wanted, name: me.name, email: me.email };
      expect(saved.body).toEqual({ settings: expected, message: 'Settings saved successfully!' });
      expect(await settingsOf(me)).toEqual(expected);

      // Nor a language, clock or simple screen (issue 54): the saved ones stay.
      const { timezone: _zone, locale: _locale, clock: _clock, simpleMode: _simple, ...withoutZone } = wanted;
      // The spec's clients send no take-early window either: the saved one stays (decision 190).
      const { takeEarlyMinutes: _early, ...specDefaults } = wanted.medicineDefaults;
      // Nor follow-ups and quiet hours (decisions 227, 228): the saved ones stay.
      const { followUps: _f, quietHours: _q, ...specNotifications } = wanted.notifications;
      const again = await me.api.put(`/api/user/${me.email}/settings`, {
        ...withoutZone,
        notifications: specNotifications,
        medicineDefaults: specDefaults,
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
      ['an unknown language', (s: Settings) => ({ ...s, locale: 'xx' })],
      ['a language tag the product does not speak', (s: Settings) => ({ ...s, locale: 'en-GB' })],
      ['a language with a control character', (s: Settings) => ({ ...s, locale: 'de\u0000' })],
      ['a language that is a number', (s: Settings) => ({ ...s, locale: 7 })],
      ['an unknown clock', (s: Settings) => ({ ...s, clock: '36h' })],
      ['the simple screen as text', (s: Settings) => ({ ...s, simpleMode: 'true' })],
      ['the simple screen as a number', (s: Settings) => ({ ...s, simpleMode: 1 })],
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
      [
        'follow-ups every 61 minutes',
        (s: Settings) => ({
          ...s,
          notifications: { ...s.notifications, followUps: { everyMinutes: 61, times: 3 } },
        }),
      ],
      [
        'quiet hours that start when they end',
        (s: Settings) => ({
          ...s,
          notifications: { ...s.notifications, quietHours: { enabled: true, start: '23:00', end: '23:00' } },
        }),
      ],
    ])('refuses %s with 400 and keeps what was saved', async (_label, change) => {
      const me = await newUser();
      const before = await settingsOf(me);
      const response = await me.api.put(`/api/user/${me.email}/settings`, change(before));
      expectJsonError(response, 400);
      expect(await settingsOf(me)).toEqual(before);
    });

    it('keeps the simple screen’s answer (issue 54): on, off, and a bad value changes nothing', async () => {
      const me = await newUser();
      const before = await settingsOf(me);
      expect(before.simpleMode).toBeNull();
      const on = await me.api.put(`/api/user/${me.email}/settings`, { ...before, simpleMode: true });
      expect(on.status, on.text).toBe(200);
      expect((await settingsOf(me)).simpleMode).toBe(true);
      // "false" as text would be truthy if coerced, and must not turn it off either.
      for (const bad of ['false', 0, 'off']) {
        const refused = await me.api.put(`/api/user/${me.email}/settings`, { ...before, simpleMode: bad });
        expectJsonError(refused, 400);
        expect(refused.text).toContain('simpleMode');
        expect((await settingsOf(me)).simpleMode).toBe(true);
      }
      const off = await me.api.put(`/api/user/${me.email}/settings`, { ...before, simpleMode: false });
      expect(off.status, off.text).toBe(200);
      expect((await settingsOf(me)).simpleMode).toBe(false);
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

  it('leaves the medicines untouched when no time changes (a switch toggled)', async () => {
    const me = await newUser();
    const pill = await createMedicine(me, { frequency: '1-0-1' });
    const before = await settingsOf(me);
    const response = await me.api.put(`/api/user/${me.email}/settings`, {
      ...before,
      privacy: { ...before.privacy, analytics: !before.privacy.analytics },
    });
    expect(response.status, response.text).toBe(200);
    expect((await me.api.get(`/api/medicine/${pill.id}`)).body).toEqual(pill);
  });

  describe('default times with their origins (one operation)', () => {
    const TODAY = NOW.slice(0, 10);
    const takenToday = async (me: SignedInUser, id: string) =>
      (await me.api.get<{ takenDay: { taken: string } }>(`/api/medicine/${id}/taken?date=${TODAY}`)).body
        .takenDay.taken;
    const saveTimes = async (me: SignedInUser, times: string[], origins: unknown) =>
      me.api.put(`/api/user/${me.email}/settings`, {
        ...withTimes(await settingsOf(me), times),
        reminderTimeOrigins: origins,
      });

    it('sorts an added time into place; frequencies, times and today’s ticks follow their slot', async () => {
      const me = await newUser();
      const both = await createMedicine(me, { frequency: '1-0-1' });
      const noon = await createMedicine(me, { frequency: '0-1-0' });
      await setTaken(me, both.id, TODAY, '0-0-1'); // the evening dose was taken
      const response = await saveTimes(me, ['08:00', '12:00', '14:00', '20:00'], [0, null, 1, 2]);
      expect(response.status, response.text).toBe(200);
      expect((await me.api.get(`/api/medicine/${both.id}`)).body).toMatchObject({
        frequency: '1-0-0-1',
        scheduledTimes: ['08:00', '20:00'],
        dosesPerDay: 2,
      });
      expect((await me.api.get(`/api/medicine/${noon.id}`)).body).toMatchObject({
        frequency: '0-0-1',
        scheduledTimes: ['14:00'],
      });
      // The evening tick stays on the evening dose, now the fourth slot.
      expect(await takenToday(me, both.id)).toBe('0-0-0-1');
    });

    it('moves a slot’s doses with a time edited to sort first', async () => {
      const me = await newUser();
      const both = await createMedicine(me, { frequency: '1-0-1' });
      await setTaken(me, both.id, TODAY, '1-0-0');
      const response = await saveTimes(me, ['07:00', '08:00', '14:00'], [2, 0, 1]);
      expect(response.status, response.text).toBe(200);
      expect((await me.api.get(`/api/medicine/${both.id}`)).body).toMatchObject({
        frequency: '1-1-0',
        scheduledTimes: ['07:00', '08:00'],
      });
      expect(await takenToday(me, both.id)).toBe('0-1-0');
    });

    it('removes an unused middle time without moving anyone’s doses', async () => {
      const me = await newUser();
      const both = await createMedicine(me, { frequency: '1-0-1' });
      const response = await saveTimes(me, ['08:00', '20:00'], [0, 2]);
      expect(response.status, response.text).toBe(200);
      expect((await me.api.get(`/api/medicine/${both.id}`)).body).toMatchObject({
        frequency: '1-1',
        scheduledTimes: ['08:00', '20:00'],
      });
    });

    it('refuses with 409, naming the medicine, to remove a time that a medicine uses', async () => {
      const me = await newUser();
      const lunch = await createMedicine(me, { name: 'Lunch Pill', frequency: '0-1-0' });
      const before = await settingsOf(me);
      const response = await saveTimes(me, ['08:00', '20:00'], [0, 2]);
      expectJsonError(response, 409);
      expect(response.body.message).toContain('Lunch Pill');
      expect(await settingsOf(me)).toEqual(before);
      expect((await me.api.get(`/api/medicine/${lunch.id}`)).body.frequency).toBe('0-1-0');
    });

    it.each([
      ['fewer origins than times', [0, 1]],
      ['a slot that was never saved', [0, 1, 5]],
      ['the same slot twice', [0, 0, 2]],
      ['a negative slot', [0, 1, -1]],
      ['text instead of a slot', [0, 1, 'two']],
    ])('refuses %s with 400 and changes nothing', async (_label, origins) => {
      const me = await newUser();
      const both = await createMedicine(me, { frequency: '1-0-1' });
      const before = await settingsOf(me);
      expectJsonError(await saveTimes(me, ['08:00', '14:00', '21:00'], origins), 400);
      expect(await settingsOf(me)).toEqual(before);
      expect((await me.api.get(`/api/medicine/${both.id}`)).body.scheduledTimes).toEqual(['08:00', '20:00']);
    });
  });
});

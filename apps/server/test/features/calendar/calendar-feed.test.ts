import type { CalendarFeedLinkView, CalendarFeedStatusView } from '@medrem/contract';
import { zonedNow } from '@medrem/domain';
import ICAL from 'ical.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { translate } from '../../../src/i18n/server-catalogs';
import { ApiClient, aMedicine } from '../../support/api-client';
import {
  type SignedInUser,
  createMedicine,
  expectJsonError,
  exportSnapshot,
  signedInUser,
} from '../../support/scenario';
import { TEST_ENGINE } from '../../support/test-database';
import { type TestServer, startTestServer } from '../../support/test-server';

const BERLIN = 'Europe/Berlin';

interface FeedEvent {
  uid: string;
  summary: string;
  /** Start instant (ms) as ical.js reads it through the feed's own VTIMEZONE. */
  start: number;
}

/** Parses a feed with ical.js (Mozilla's maintained parser); no zone data but the feed's own. */
function parseFeed(text: string): FeedEvent[] {
  const calendar = new ICAL.Component(ICAL.parse(text));
  expect(calendar.getFirstSubcomponent('vtimezone')?.getFirstPropertyValue('tzid')).toBe(BERLIN);
  return calendar.getAllSubcomponents('vevent').map((component) => {
    const event = new ICAL.Event(component);
    return { uid: event.uid, summary: event.summary, start: event.startDate.toUnixTime() * 1000 };
  });
}

const berlin = (instant: number) => zonedNow(new Date(instant), BERLIN);

/** The calendar at a link, fetched as a calendar app does: no token, no cookie. */
async function fetchFeed(url: string) {
  const response = await fetch(url);
  return { status: response.status, headers: response.headers, text: await response.text() };
}

describe(`calendar feed (${TEST_ENGINE})`, () => {
  let server: TestServer;
  let me: SignedInUser;
  let other: SignedInUser;
  let daily: { id: string };
  let link: CalendarFeedLinkView;

  const feedPath = (user: SignedInUser) => `/api/calendar/${user.email}/feed`;
  const turnOn = async (user: SignedInUser) => {
    const response = await user.api.post<CalendarFeedLinkView>(feedPath(user));
    expect(response.status, response.text).toBe(201);
    return response.body;
  };
  const eventsAt = async (url: string) => {
    const feed = await fetchFeed(url);
    expect(feed.status, feed.text).toBe(200);
    return parseFeed(feed.text);
  };

  beforeAll(async () => {
    // 20 October: Berlin's clocks go back on Sunday 25 October.
    server = await startTestServer({ now: '2026-10-20T09:00:00.000Z' });
    me = await signedInUser(server, { label: 'feed', timezone: BERLIN });
    other = await signedInUser(server, { label: 'other', timezone: BERLIN });
    daily = await createMedicine(me, {
      name: 'Aspirin',
      dosage: '100 mg',
      frequency: '1-0-0',
      startDate: '2026-10-01',
      durationDays: 90,
      originalDurationDays: 90,
    });
    await createMedicine(me, {
      name: 'Methotrexate',
      dosage: '15 mg',
      frequency: '0-0-1',
      startDate: '2026-10-01',
      durationDays: 90,
      originalDurationDays: 90,
      schedule: { kind: 'weekdays', days: [1] },
    });
    await createMedicine(me, {
      name: 'Ibuprofen',
      frequency: '1-0-0',
      startDate: '2026-10-01',
      schedule: { kind: 'asNeeded', maxPer24h: 3, minIntervalMinutes: 240 },
    });
    await createMedicine(other, { name: 'Secret Other Pill', startDate: '2026-10-01' });
  });
  afterAll(() => server?.close());

  it('is off until turned on', async () => {
    const status = await me.api.get<CalendarFeedStatusView>(feedPath(me));
    expect(status.status, status.text).toBe(200);
    expect(status.body).toEqual({ enabled: false, createdAt: null });
  });

  it('turns on with an absolute secret link, kept only as its hash', async () => {
    link = await turnOn(me);
    expect(link.url).toMatch(new RegExp(`^${server.baseUrl}/api/calendar/[A-Za-z0-9_-]{43}\\.ics$`));
    expect(link.webcalUrl).toBe(link.url.replace(/^http:/, 'webcal:'));
    expect(link.createdAt).toBe('2026-10-20T09:00:00.000Z');
    const status = await me.api.get<CalendarFeedStatusView>(feedPath(me));
    expect(status.body).toEqual({ enabled: true, createdAt: link.createdAt });
    const token = /([^/]+)\.ics$/.exec(link.url)![1]!;
    const row = await server.app.services.repositories.calendarFeeds.findForUser(me.id);
    expect(row?.tokenHash).toBeTruthy();
    expect(row?.tokenHash).not.toContain(token);
  });

  it('serves a private, uncached text/calendar without any token or cookie', async () => {
    const feed = await fetchFeed(link.url);
    expect(feed.status, feed.text).toBe(200);
    expect(feed.headers.get('content-type')).toBe('text/calendar; charset=utf-8');
    expect(feed.headers.get('cache-control')).toBe('no-store');
    expect(feed.text.startsWith('BEGIN:VCALENDAR\r\n')).toBe(true);
    const head = await fetch(link.url, { method: 'HEAD' });
    expect(head.status).toBe(200);
  });

  it('keeps a daily 08:00 dose at 08:00 Berlin time on both sides of the clock change', async () => {
    const aspirin = (await eventsAt(link.url)).filter((e) => e.summary.startsWith('Aspirin'));
    expect(aspirin).toHaveLength(68); // 13 October to 19 December
    const on = (date: string) => aspirin.find((e) => berlin(e.start).date === date)!;
    expect(new Date(on('2026-10-24').start).toISOString()).toBe('2026-10-24T06:00:00.000Z');
    expect(new Date(on('2026-10-26').start).toISOString()).toBe('2026-10-26T07:00:00.000Z');
    for (const event of aspirin) expect(berlin(event.start).time).toBe('08:00');
    expect(aspirin[0]!.summary).toBe('Aspirin 100 mg – Morning');
  });

  it('lists a weekday schedule on its days only and leaves as-needed medicines out', async () => {
    const events = await eventsAt(link.url);
    const weekly = events.filter((e) => e.summary.startsWith('Methotrexate'));
    expect(weekly.length).toBe(9); // the Mondays from 19 October to 14 December
    for (const event of weekly) {
      expect(new Date(`${berlin(event.start).date}T00:00:00Z`).getUTCDay()).toBe(1);
      expect(berlin(event.start).time).toBe('20:00');
    }
    expect(events.some((e) => e.summary.includes('Ibuprofen'))).toBe(false);
  });

  it('shows the medicines as they are now: a change is in the next fetch', async () => {
    const { userEmail: _e, ...fields } = aMedicine(me.email, {
      name: 'Aspirin Cardio',
      dosage: '100 mg',
      frequency: '1-0-1',
      startDate: '2026-10-01',
      durationDays: 90,
      originalDurationDays: 90,
    });
    const updated = await me.api.put(`/api/medicine/${daily.id}`, fields);
    expect(updated.status, updated.text).toBe(200);
    const events = await eventsAt(link.url);
    expect(events.some((e) => e.summary.startsWith('Aspirin 100 mg'))).toBe(false);
    const renamed = events.filter((e) => e.summary.startsWith('Aspirin Cardio'));
    expect(renamed).toHaveLength(68 * 2);
    // The same dose keeps its UID, so a calendar updates it rather than adding another.
    expect(renamed.some((e) => e.uid === `dose-${daily.id}-2026-10-24-0@medicine-reminder`)).toBe(true);

    const deleted = await me.api.delete(`/api/medicine/${daily.id}`);
    expect(deleted.status, deleted.text).toBe(200);
    expect((await eventsAt(link.url)).some((e) => e.summary.startsWith('Aspirin'))).toBe(false);
  });

  it('writes the calendar’s name and its events in the owner’s language (issue 54)', async () => {
    const german = await signedInUser(server, { label: 'feed-de', timezone: BERLIN, locale: 'de' });
    await createMedicine(german, {
      name: 'Aspirin',
      dosage: '100 mg',
      frequency: '1-0-0',
      startDate: '2026-10-01',
    });
    await createMedicine(german, {
      name: 'Ibuprofen',
      dosage: '400 mg',
      frequency: '1-0-0',
      startDate: '2026-10-01',
      schedule: { kind: 'interval', everyHours: 1.5, startTime: '08:00' },
    });
    const feed = await fetchFeed((await turnOn(german)).url);
    expect(feed.status, feed.text).toBe(200);
    const de = { locale: 'de' } as const;
    expect(feed.text).toContain(`X-WR-CALNAME:${translate(de.locale, 'calendar.name')}`);
    const summaries = parseFeed(feed.text).map((e) => e.summary);
    expect(summaries).toContain(
      translate(de.locale, 'calendar.eventTitle', { medicine: 'Aspirin 100 mg', slot: 'Morning' }),
    );
    // An interval in German unit words, never the English "every 1 hour 30 minutes".
    const interval = summaries.find((summary) => summary.startsWith('Ibuprofen'))!;
    expect(interval).toContain('1 Stunde 30 Minuten');
    expect(interval).not.toContain('every');
    expect(summaries.some((summary) => summary.endsWith('Morning'))).toBe(false);
  });

  it('never shows one user’s medicines in another’s feed', async () => {
    const theirs = await turnOn(other);
    const mine = await fetchFeed(link.url);
    expect(mine.text).not.toContain('Secret Other Pill');
    const theirFeed = await fetchFeed(theirs.url);
    expect(theirFeed.text).toContain('Secret Other Pill');
    expect(theirFeed.text).not.toContain('Methotrexate');
  });

  it('refuses links of the wrong shape with a clear 400, and unknown ones with 404', async () => {
    for (const path of [
      '/api/calendar/short.ics',
      `/api/calendar/${'a'.repeat(43)}`,
      `/api/calendar/${'a'.repeat(42)}%21.ics`,
      `/api/calendar/${'a'.repeat(44)}.ics`,
    ]) {
      const response = await new ApiClient(server.baseUrl).get(path);
      expectJsonError(response, 400);
      expect(response.body.message).toBe('This is not a calendar link of Medicine Reminder.');
    }
    const unknown = await new ApiClient(server.baseUrl).get(`/api/calendar/${'a'.repeat(43)}.ics`);
    expectJsonError(unknown, 404);
  });

  // The export's own calendarFeed part (decision 352) is what these steps change: checked apart.
  const FEED = { except: ['calendarFeed'] };

  it('regenerating stops the old link at once and changes nothing else', async () => {
    const before = await exportSnapshot(me, FEED);
    server.clock.advance(60_000);
    const next = await turnOn(me);
    expect(next.url).not.toBe(link.url);
    const old = await new ApiClient(server.baseUrl).get(new URL(link.url).pathname);
    expectJsonError(old, 404);
    expect(old.body.message).toMatch(/turned off or replaced/);
    expect((await fetchFeed(next.url)).status).toBe(200);
    expect(await exportSnapshot(me, FEED)).toEqual(before);
    expect((await me.api.get(`/api/user/${me.email}/export`)).body).toMatchObject({
      calendarFeed: { enabled: true, createdAt: server.clock.now().toISOString() },
    });
    link = next;
  });

  it('turning off stops the link; turning off again succeeds; the other user’s feed stays', async () => {
    const before = await exportSnapshot(me, FEED);
    const off = await me.api.delete(feedPath(me));
    expect(off.status, off.text).toBe(200);
    expectJsonError(await new ApiClient(server.baseUrl).get(new URL(link.url).pathname), 404);
    expect((await me.api.get<CalendarFeedStatusView>(feedPath(me))).body).toEqual({
      enabled: false,
      createdAt: null,
    });
    expect((await me.api.delete(feedPath(me))).status).toBe(200);
    expect(await exportSnapshot(me, FEED)).toEqual(before);
    expect((await me.api.get(`/api/user/${me.email}/export`)).body).toMatchObject({
      calendarFeed: { enabled: false, createdAt: null },
    });
    expect((await other.api.get<CalendarFeedStatusView>(feedPath(other))).body.enabled).toBe(true);
  });

  it('removes the feed with the account', async () => {
    const user = await signedInUser(server, { label: 'leaving' });
    const own = await turnOn(user);
    const gone = await user.api.delete(`/api/user/${user.email}/account`, { password: user.password });
    expect(gone.status, gone.text).toBe(200);
    expect((await fetchFeed(own.url)).status).toBe(404);
  });
});

describe(`calendar feed rate limit (${TEST_ENGINE})`, () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ env: { RATE_LIMIT_PER_MINUTE: '3' } });
  });
  afterAll(() => server?.close());

  it('counts feed fetches like every API call', async () => {
    const url = `${server.baseUrl}/api/calendar/${'b'.repeat(43)}.ics`;
    const statuses = [];
    for (let i = 0; i < 4; i++) statuses.push((await fetch(url)).status);
    expect(statuses).toEqual([404, 404, 404, 429]);
  });
});

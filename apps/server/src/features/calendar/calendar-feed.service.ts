import type { CalendarFeedLinkView, CalendarFeedStatusView } from '@medrem/contract';
import { CALENDAR_FEED_PATH_PREFIX } from '@medrem/contract';
import { calendarFeed, zonedNow } from '@medrem/domain';
import { textLanguageOf } from '../../i18n/server-language';
import { badRequest, notFound } from '../../lib/app-error';
import { calendarWordsFor } from './calendar-words';
import type { Clock } from '../../lib/clock';
import type { ActivityRecorder } from '../activity/activity.port';
import { type Caller, assertSelf } from '../auth/caller';
import type { MedicineRepository } from '../medicines/medicine.repository';
import type { SettingsService } from '../settings/settings.service';
import type { CalendarFeedRepository } from './calendar-feed.repository';
import { feedTokenHash, isFeedToken, newFeedToken } from './calendar-feed-token';

export const FEED_NOT_FOUND_MESSAGE =
  'This calendar link does not work any more: it was turned off or replaced by a new one.';
export const FEED_BAD_TOKEN_MESSAGE = 'This is not a calendar link of Medicine Reminder.';

/**
 * The private calendar feed (issue 14, decision 141): a secret link per user, kept only as its
 * hash; the calendar itself is built on each request from the medicines as they are now.
 */
export class CalendarFeedService {
  constructor(
    private readonly deps: {
      feeds: CalendarFeedRepository;
      medicines: MedicineRepository;
      settings: SettingsService;
      clock: Clock;
      /** Each fetch by a calendar app, coalesced to one entry per feed an hour (decision 296). */
      activity: ActivityRecorder;
    },
  ) {}

  async status(caller: Caller, userEmail: string): Promise<CalendarFeedStatusView> {
    assertSelf(caller, userEmail);
    const row = await this.deps.feeds.findForUser(caller.userId);
    return { enabled: Boolean(row), createdAt: row?.createdAt.toISOString() ?? null };
  }

  /**
   * A new link in place of any old one. `origin` is where the caller reached the API
   * (scheme://host), so the link works from wherever the user opened the app.
   */
  async regenerate(caller: Caller, userEmail: string, origin: string): Promise<CalendarFeedLinkView> {
    assertSelf(caller, userEmail);
    const token = newFeedToken();
    const row = await this.deps.feeds.replace(caller.userId, feedTokenHash(token), this.deps.clock.now());
    const url = new URL(`${CALENDAR_FEED_PATH_PREFIX}${token}.ics`, origin);
    return {
      enabled: true,
      createdAt: row.createdAt.toISOString(),
      url: url.href,
      webcalUrl: url.href.replace(/^https?:/, 'webcal:'),
    };
  }

  async delete(caller: Caller, userEmail: string): Promise<{ success: true; message: string }> {
    assertSelf(caller, userEmail);
    await this.deps.feeds.delete(caller.userId);
    return { success: true, message: 'Calendar feed turned off. Its link no longer works.' };
  }

  /** The calendar of the link's owner; a malformed link is a bad request, an unknown one not found. */
  async calendar(token: string): Promise<string> {
    if (!isFeedToken(token)) throw badRequest(FEED_BAD_TOKEN_MESSAGE);
    const feed = await this.deps.feeds.findByTokenHash(feedTokenHash(token));
    if (!feed) throw notFound(FEED_NOT_FOUND_MESSAGE);
    this.deps.activity.record({ userId: feed.userId, kind: 'calendar-feed', detail: {} });
    const [settings, medicines] = await Promise.all([
      this.deps.settings.effective(feed.userId),
      this.deps.medicines.listForUser(feed.userId),
    ]);
    const { timezone, medicineDefaults } = settings;
    const now = this.deps.clock.now();
    return calendarFeed(medicines, {
      timeZone: timezone,
      defaultReminderTimes: medicineDefaults.defaultReminderTimes,
      today: zonedNow(now, timezone).date,
      now: now.getTime(),
      // In the owner's language (issue 54).
      words: calendarWordsFor(textLanguageOf(settings)),
    });
  }
}

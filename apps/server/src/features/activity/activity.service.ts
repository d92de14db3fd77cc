import {
  ACTIVITY_PAGE_SIZE_MAX,
  type ActivityEntry,
  type SignInMethod,
  activityEntrySchema,
} from '@medrem/contract';
import { createHash, randomBytes } from 'node:crypto';
import type { Database } from '../../db/database';
import { badRequest } from '../../lib/app-error';
import { textLanguageOf } from '../../i18n/server-language';
import type { Clock } from '../../lib/clock';
import type { Caller } from '../auth/caller';
import type { AccountMail } from '../account/account-mail';
import { effectiveSettingsOf } from '../settings/effective-settings';
import { SettingsRepository } from '../settings/settings.repository';
import { UserRepository } from '../users/user.repository';
import type { ActivityEvent, ActivityRecorder } from './activity.port';
import { ActivityRepository, type ActivityRow, type NewActivityRow } from './activity.repository';
import { deviceOf, truncateIp } from './client-facts';
import { KnownDeviceRepository } from './known-device.repository';
import { newSignInMail } from './new-sign-in-mail';

const MINUTE_MS = 60_000;

/**
 * How long one entry stands for repeated reads (decision 296): a caregiver's reads of the same
 * thing, one entry per 10 minutes; a calendar app polling the feed, one per hour.
 */
const COALESCE_MS: Partial<Record<ActivityEvent['kind'], number>> = {
  'care-read': 10 * MINUTE_MS,
  'calendar-feed': 60 * MINUTE_MS,
};
/** The coalescing memory's bound: past it, windows that ended are forgotten first. */
const COALESCE_KEYS_MAX = 10_000;

/** The `mr_device` cookie's value: 32 random bytes, base64url. */
const DEVICE_ID = /^[A-Za-z0-9_-]{43}$/;

/** What a sign-in's request tells of its device. */
export interface SignInClient {
  userId: string;
  method: SignInMethod;
  /** The device cookie the request brought, if any (checked here: anything may come). */
  sentDeviceId: string | undefined;
  userAgent: string | undefined;
  ip: string;
}

const cursorOf = (row: ActivityRow) => `${row.at.toISOString()}_${row.id}`;

/**
 * The account's activity record (issue 57, decisions 294–296): the recorder other services call,
 * the sign-in's device check with its mail, the owner's paged read and the export's.
 */
export class ActivityService implements ActivityRecorder {
  private readonly pending = new Set<Promise<void>>();
  private buffer: NewActivityRow[] = [];
  private readonly windows = new Map<string, number>();

  constructor(
    private readonly deps: {
      db: Database;
      clock: Clock;
      mail: AccountMail;
      onError: (error: unknown) => void;
    },
  ) {}

  record(event: ActivityEvent): void {
    const now = this.deps.clock.now();
    if (this.coalesced(event, now.getTime())) return;
    const { userId, actorUserId, device, ip, kind, detail } = event;
    this.buffer.push({ userId, at: now, kind, actorUserId, device, ip, detail });
    // Events of the same turn of the event loop (a caregiver's several patients) go in one insert.
    if (this.buffer.length === 1)
      this.track(new Promise((resolve) => setImmediate(resolve)).then(() => this.flush()));
  }

  /** Whether an entry in the event's window was recorded already; if not, the window starts now. */
  private coalesced(event: ActivityEvent, nowMs: number): boolean {
    const windowMs = COALESCE_MS[event.kind];
    if (windowMs === undefined) return false;
    const key = `${event.userId}|${event.kind}|${event.actorUserId ?? ''}|${JSON.stringify(event.detail)}`;
    const until = this.windows.get(key);
    if (until !== undefined && until > nowMs) return true;
    if (this.windows.size >= COALESCE_KEYS_MAX) {
      for (const [k, end] of this.windows) if (end <= nowMs) this.windows.delete(k);
      if (this.windows.size >= COALESCE_KEYS_MAX) this.windows.clear();
    }
    this.windows.set(key, nowMs + windowMs);
    return false;
  }

  private async flush(): Promise<void> {
    const rows = this.buffer;
    this.buffer = [];
    await new ActivityRepository(this.deps.db).insert(rows);
  }

  private track(work: Promise<void>): void {
    const tracked: Promise<void> = work
      .catch((error: unknown) => this.deps.onError(error))
      .finally(() => this.pending.delete(tracked));
    this.pending.add(tracked);
  }

  /**
   * A sign-in (decision 295): recorded with its device and truncated address; a device the account
   * had not signed in from is recorded as new and mailed about, once, but not the account's first.
   * Like every record, it never fails or delays the sign-in. Returns the device cookie the answer
   * sets: the one sent when it is ours, else a new one.
   */
  signedIn(client: SignInClient): string {
    const now = this.deps.clock.now();
    const sent = client.sentDeviceId !== undefined && DEVICE_ID.test(client.sentDeviceId);
    const deviceId =
      sent && client.sentDeviceId ? client.sentDeviceId : randomBytes(32).toString('base64url');
    const device = deviceOf(client.userAgent);
    const ip = truncateIp(client.ip);
    const hash = createHash('sha256').update(deviceId).digest('base64url');
    this.track(
      this.deps.db.transaction(async (tx) => {
        const standing = await new KnownDeviceRepository(tx).remember(
          client.userId,
          { hash, cookieSent: sent, label: device, ip: ip ?? '' },
          now,
        );
        const entry = { userId: client.userId, at: now, device, ip, detail: { method: client.method } };
        const rows: NewActivityRow[] = [{ ...entry, kind: 'sign-in' }];
        if (standing === 'new') rows.push({ ...entry, kind: 'new-device' });
        await new ActivityRepository(tx).insert(rows);
        // Read over the transaction: on the embedded database it holds the one connection.
        const user = standing === 'new' ? await new UserRepository(tx).findById(client.userId) : undefined;
        if (!user) return;
        // One read for the zone the time is told in and the language it is written in (decision 364).
        const settings = effectiveSettingsOf(await new SettingsRepository(tx).find(user.id));
        const mail = newSignInMail(
          {
            userId: user.id,
            name: user.name,
            email: user.email,
            at: now,
            timezone: settings.timezone,
            device,
            ip,
          },
          this.deps.mail.brand,
          textLanguageOf(settings),
        );
        await this.deps.mail.outboxOf(tx).enqueue(mail);
      }),
    );
    return deviceId;
  }

  /** The caller's own record, newest first, a page at a time. */
  async list(
    caller: Caller,
    input: { cursor?: string | undefined; limit?: number | undefined } = {},
  ): Promise<{ entries: ActivityEntry[]; nextCursor: string | null }> {
    const limit = Math.min(input.limit ?? 30, ACTIVITY_PAGE_SIZE_MAX);
    const before = input.cursor ? this.positionOf(input.cursor) : undefined;
    const rows = await new ActivityRepository(this.deps.db).page(caller.userId, before, limit + 1);
    const page = rows.slice(0, limit);
    const last = page.at(-1);
    return { entries: entriesOf(page), nextCursor: rows.length > limit && last ? cursorOf(last) : null };
  }

  private positionOf(cursor: string): { at: Date; id: string } {
    const [at = '', id = ''] = cursor.split('_');
    const date = new Date(at);
    if (Number.isNaN(date.getTime()) || !id)
      throw badRequest('cursor must be the nextCursor of an earlier page.');
    return { at: date, id };
  }

  /** Every entry the account holds, for its data export. */
  async exportOf(userId: string): Promise<ActivityEntry[]> {
    return entriesOf(await new ActivityRepository(this.deps.db).allForUser(userId));
  }

  /** Waits for the writes under way (at shutdown, before the database closes; tests). */
  async settled(): Promise<void> {
    while (this.pending.size > 0) await Promise.all([...this.pending]);
  }
}

/** Rows as the contract types them; a row of a kind this version does not know is left out. */
function entriesOf(rows: ActivityRow[]): ActivityEntry[] {
  return rows.flatMap((row) => {
    const parsed = activityEntrySchema.safeParse({
      id: row.id,
      at: row.at.toISOString(),
      kind: row.kind,
      device: row.device,
      ip: row.ip,
      detail: row.detail,
    });
    return parsed.success ? [parsed.data] : [];
  });
}

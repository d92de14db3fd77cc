import type { PushSubscriptionRow } from '../../push/push-subscription.repository';
import type { UserState } from './row-types';

/** A user's stamp as read (decision 015): null while nothing was ever written for them. */
export type Stamp = number | null;

interface Kept<T> {
  stamp: Stamp;
  value: T;
  fireAtMs: number;
}

/**
 * What preparation read of each user (decision 015): the state their reminders were decided from and
 * their devices, each with the user's stamp read before it. At the due second a user whose stamp is
 * still the same has had nothing written since that a reminder reads (triggers keep the stamp), so
 * the fire job may decide from this state instead of reading it again, with the same outcome.
 * Anything else — another stamp, a date the state was not read for, nothing kept — reads afresh.
 */
export class PreparedStates {
  private readonly states = new Map<string, Kept<{ state: UserState; dates: ReadonlySet<string> }>>();
  private readonly devices = new Map<string, Kept<PushSubscriptionRow[]>>();
  /** States and device lists the fire job took from here instead of reading them (tests, benchmark). */
  reused = 0;

  /** `dates`: the dates whose taken flags `state` holds (one set may serve a whole page of users). */
  keepState(userId: string, stamp: Stamp, state: UserState, dates: ReadonlySet<string>, fireAt: Date): void {
    this.states.set(userId, { stamp, value: { state, dates }, fireAtMs: fireAt.getTime() });
  }

  keepDevices(userId: string, stamp: Stamp, devices: PushSubscriptionRow[], fireAt: Date): void {
    this.devices.set(userId, { stamp, value: devices, fireAtMs: fireAt.getTime() });
  }

  /** The kept state when `stamp` is the one it was read under and it holds every date of `dates`. */
  stateFor(userId: string, stamp: Stamp, dates: Iterable<string>): UserState | undefined {
    const kept = this.states.get(userId);
    if (!kept || kept.stamp !== stamp) return undefined;
    for (const date of dates) if (!kept.value.dates.has(date)) return undefined;
    this.reused += 1;
    return kept.value.state;
  }

  /** The kept devices when `stamp` is the one they were read under. */
  devicesFor(userId: string, stamp: Stamp): PushSubscriptionRow[] | undefined {
    const kept = this.devices.get(userId);
    if (!kept || kept.stamp !== stamp) return undefined;
    this.reused += 1;
    return kept.value;
  }

  get size(): number {
    return this.states.size + this.devices.size;
  }

  /** Drops what was kept for instants before `limitMs`. */
  evictBefore(limitMs: number): void {
    for (const [key, kept] of this.states) if (kept.fireAtMs < limitMs) this.states.delete(key);
    for (const [key, kept] of this.devices) if (kept.fireAtMs < limitMs) this.devices.delete(key);
  }
}

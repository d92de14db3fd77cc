import type { PushSubscriptionRow } from '../../push/push-subscription.repository';
import type { ReminderRepository } from '../reminder.repository';
import type { PreparedStates, Stamp } from './prepared-states';
import type { UserState } from './row-types';

/**
 * One fire batch's use of what preparation read (decision 015): the users' stamps as this
 * transaction reads them, and, for a user whose stamp is the one preparation saw, the state and
 * devices it kept. Without preparation nothing is read here and everything is read as before.
 */
export class PreparedReads {
  private readonly stamps = new Map<string, Stamp>();

  constructor(
    private readonly reminders: ReminderRepository,
    private readonly kept: PreparedStates | undefined,
  ) {}

  /** Reads the stamps of those of `userIds` not read yet; call it before what they guard is used. */
  async stamp(userIds: string[]): Promise<void> {
    if (!this.kept) return;
    const unread = userIds.filter((id) => !this.stamps.has(id));
    if (unread.length === 0) return;
    const read = await this.reminders.stampsOf(unread);
    for (const id of unread) this.stamps.set(id, read.get(id) ?? null);
  }

  /** The kept state of a stamped user whose stamp has not moved, holding every date of `dates`. */
  readonly stateFor = (userId: string, dates: Set<string>): UserState | undefined => {
    const stamp = this.stamps.get(userId);
    return stamp === undefined ? undefined : this.kept?.stateFor(userId, stamp, dates);
  };

  /** The devices of `userIds`: kept ones where the stamp has not moved, the others through `read`. */
  async devicesOf(
    userIds: string[],
    read: (userIds: string[]) => Promise<PushSubscriptionRow[]>,
  ): Promise<PushSubscriptionRow[]> {
    const devices: PushSubscriptionRow[] = [];
    const unread: string[] = [];
    for (const userId of userIds) {
      const stamp = this.stamps.get(userId);
      const kept = stamp === undefined ? undefined : this.kept?.devicesFor(userId, stamp);
      if (kept) devices.push(...kept);
      else unread.push(userId);
    }
    if (unread.length > 0) devices.push(...(await read(unread)));
    return devices;
  }
}

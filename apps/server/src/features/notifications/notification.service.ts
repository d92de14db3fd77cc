import type { Notification, NotificationType } from '@medrem/contract';
import { NOTIFICATION_TYPES } from '@medrem/contract';
import { notFound } from '../../lib/app-error';
import type { Clock } from '../../lib/clock';
import type { NotificationRepository, NotificationRow } from './notification.repository';
import { type Caller, assertSelf } from '../auth/caller';
import type { IdempotencyService } from '../idempotency/idempotency.service';

const NOTIFICATION_NOT_FOUND = 'Notification not found.';

/** Spec: reminder, missed_dose, refill, success; anything else is generic. */
export function notificationTypeOf(type: string): NotificationType {
  return (NOTIFICATION_TYPES as readonly string[]).includes(type) ? (type as NotificationType) : 'generic';
}

export function toNotification(row: NotificationRow): Notification {
  return {
    id: row.id,
    type: notificationTypeOf(row.type),
    title: row.title,
    message: row.message,
    medicineName: row.medicineName,
    link: row.link,
    isRead: row.isRead,
    createdAt: row.createdAt.toISOString(),
  };
}

export interface NewNotification {
  type: NotificationType;
  title: string;
  message: string;
  medicineName?: string | null;
}

/** Called with every stored notification, so open tabs and push can follow (reminder engine). */
export type NotificationListener = (userId: string, notification: Notification) => void;

export class NotificationService {
  private readonly listeners = new Set<NotificationListener>();

  constructor(
    private readonly deps: {
      notifications: NotificationRepository;
      idempotency: IdempotencyService;
      clock: Clock;
    },
  ) {}

  onCreated(listener: NotificationListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  async create(userId: string, input: NewNotification, createdAt?: Date): Promise<Notification> {
    const row = await this.deps.notifications.insert({
      userId,
      type: input.type,
      title: input.title,
      message: input.message,
      medicineName: input.medicineName ?? null,
      // Times come from the app's clock, like every other rule, so tests can control them.
      createdAt: createdAt ?? this.deps.clock.now(),
    });
    const notification = toNotification(row);
    for (const listener of this.listeners) listener(userId, notification);
    return notification;
  }

  async list(caller: Caller, userEmail: string, limit: number, before?: string) {
    assertSelf(caller, userEmail);
    const { rows, unreadCount } = await this.deps.notifications.pageWithUnreadCount(
      caller.userId,
      limit,
      this.deps.clock.now(),
      before ? new Date(before) : undefined,
    );
    return { notifications: rows.map(toNotification), unreadCount };
  }

  /** Once per idempotency key (an offline queue may send it twice, decision 071). */
  async markRead(
    caller: Caller,
    input: { id: string; idempotencyKey?: string | undefined },
  ): Promise<Notification> {
    const { response } = await this.deps.idempotency.once(
      caller.userId,
      'notification.markRead',
      { ...input },
      {
        check: async () => undefined,
        write: async (tx) => {
          const row = await this.deps.notifications.in(tx).markReadOwned(input.id, caller.userId);
          if (!row) throw notFound(NOTIFICATION_NOT_FOUND);
          return toNotification(row);
        },
      },
    );
    return response;
  }

  /** upTo: only what the user had seen when they pressed it (offline, it syncs later). */
  async markAllRead(
    caller: Caller,
    input: { userEmail: string; upTo?: string | undefined; idempotencyKey?: string | undefined },
  ): Promise<number> {
    assertSelf(caller, input.userEmail);
    const { response } = await this.deps.idempotency.once(
      caller.userId,
      'notification.markAllRead',
      { ...input },
      {
        check: async () => undefined,
        write: (tx) =>
          this.deps.notifications
            .in(tx)
            .markAllRead(caller.userId, this.deps.clock.now(), input.upTo ? new Date(input.upTo) : undefined),
      },
    );
    return response;
  }

  async delete(caller: Caller, id: string): Promise<void> {
    if (!(await this.deps.notifications.deleteOwned(id, caller.userId)))
      throw notFound(NOTIFICATION_NOT_FOUND);
  }
}

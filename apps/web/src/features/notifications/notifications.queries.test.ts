import type { Notification } from '@medrem/contract';
import { describe, expect, it } from 'vitest';
import { badgeText } from './components/notification-bell.component';
import { markAllUpTo, notificationEdits, withPendingRead } from './notifications.queries';

const note = (id: string, isRead: boolean): Notification => ({
  id,
  type: 'refill',
  title: 'Refill Reminder',
  message: 'Aspirin is running low. Please refill your prescription.',
  medicineName: 'Aspirin',
  link: null,
  isRead,
  createdAt: '2026-11-21T08:00:00.000Z',
});
const list = { notifications: [note('1', false), note('2', false), note('3', true)], unreadCount: 2 };

describe('notifications', () => {
  it('caps the badge at 99+', () => {
    expect(badgeText(1)).toBe('1');
    expect(badgeText(99)).toBe('99');
    expect(badgeText(100)).toBe('99+');
  });

  it('applies mark read, mark all read and delete to the cached list, unread count included', () => {
    expect(notificationEdits.markRead(list, '1')).toMatchObject({ unreadCount: 1 });
    expect(notificationEdits.markAllRead(list).notifications.every((n) => n.isRead)).toBe(true);
    expect(notificationEdits.markAllRead(list).unreadCount).toBe(0);
    const afterDelete = notificationEdits.remove(list, '2');
    expect(afterDelete.notifications.map((n) => n.id)).toEqual(['1', '3']);
    expect(afterDelete.unreadCount).toBe(1);
  });

  it('lays reads waiting to sync over a fresh list; a waiting mark-all covers only what was seen', () => {
    const owner = { seq: 1, key: 'k-123456789', userId: 'u', userEmail: 'a@example.com', madeAt: '' };
    const fresh = {
      notifications: [{ ...note('new', false), createdAt: '2026-11-21T09:00:00.000Z' }, note('1', false)],
      unreadCount: 2,
    };
    const upTo = markAllUpTo(list);
    expect(upTo).toBe('2026-11-21T08:00:00.001Z');
    const shown = withPendingRead(fresh, { ...owner, kind: 'markAllRead', upTo });
    expect(shown.notifications.map((n) => [n.id, n.isRead])).toEqual([
      ['new', false],
      ['1', true],
    ]);
    expect(shown.unreadCount).toBe(1);
    expect(withPendingRead(fresh, { ...owner, kind: 'markRead', notificationId: 'new' }).unreadCount).toBe(1);
  });
});

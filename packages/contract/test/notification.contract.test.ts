import { describe, expect, it } from 'vitest';
import { NOTIFICATION_TYPES, notificationContract, notificationSchema } from '../src/notification.contract';
import { accepted, refusals } from './support/parse';
import { EMAIL, NOTIFICATION_ID, serverNotification } from './support/payloads';

const { list, markRead, markAllRead } = notificationContract;

describe('notification.list (GET /api/notifications/{userEmail})', () => {
  it('accepts the spec’s call (no query) and pages 50 at a time by default', () => {
    expect(accepted(list.input, { userEmail: EMAIL })).toEqual({ userEmail: EMAIL, limit: 50 });
  });

  it('takes a page size of 1 to 100 and a timestamp to page before', () => {
    expect(
      accepted(list.input, { userEmail: EMAIL, limit: 100, before: '2026-11-21T08:00:00.000Z' }),
    ).toMatchObject({
      limit: 100,
    });
    expect(accepted(list.input, { userEmail: EMAIL, before: '2026-11-21T09:00:00+01:00' })).toBeTruthy();
  });

  it.each([
    ['an empty page', { limit: 0 }, /^limit: /],
    ['a page over 100', { limit: 101 }, /^limit: /],
    ['a before that is only a date', { before: '2026-11-21' }, /^before: before must be an ISO timestamp\.$/],
    [
      'a path that is not an email',
      { userEmail: 'ada' },
      /^userEmail: Please enter a valid email address\.$/,
    ],
  ])('refuses %s', (_label, change, message) => {
    const issues = refusals(list.input, { userEmail: EMAIL, ...change });
    expect(issues).toHaveLength(1);
    expect(issues[0]).toMatch(message);
  });

  it('answers notifications newest first, with the unread count', () => {
    const answer = { notifications: [serverNotification], unreadCount: 1 };
    expect(accepted(list.output, answer)).toEqual(answer);
    expect(refusals(list.output, { notifications: [serverNotification] })[0]).toMatch(/^unreadCount: /);
  });
});

describe('the notification answer', () => {
  it.each(NOTIFICATION_TYPES)('accepts the type %s', (type) => {
    expect(accepted(notificationSchema, { ...serverNotification, type }).type).toBe(type);
  });

  it('accepts a notification about no medicine', () => {
    expect(
      accepted(notificationSchema, { ...serverNotification, medicineName: null }).medicineName,
    ).toBeNull();
  });

  it('refuses a type outside the list (the server answers generic for those)', () => {
    expect(refusals(notificationSchema, { ...serverNotification, type: 'promotion' })[0]).toMatch(/^type: /);
  });
});

describe('notification.markRead, markAllRead and delete', () => {
  it('take the id or email of the path, with no body', () => {
    expect(accepted(markRead.input, { id: NOTIFICATION_ID })).toEqual({ id: NOTIFICATION_ID });
    expect(refusals(markRead.input, { id: '7' })).toEqual(['id: Not a valid id.']);
    expect(accepted(markAllRead.input, { userEmail: EMAIL })).toEqual({ userEmail: EMAIL });
    expect(refusals(notificationContract.delete.input, { id: 'all' })).toEqual(['id: Not a valid id.']);
  });

  it('answer the read notification, how many were marked, and the deleted id', () => {
    const read = { notification: { ...serverNotification, isRead: true } };
    expect(accepted(markRead.output, read)).toEqual(read);
    expect(accepted(markAllRead.output, { success: true, message: 'Marked', updated: 3 })).toMatchObject({
      updated: 3,
    });
    expect(refusals(markAllRead.output, { success: true, message: 'Marked' })[0]).toMatch(/^updated: /);
    const deleted = { success: true, message: 'Deleted', id: NOTIFICATION_ID };
    expect(accepted(notificationContract.delete.output, deleted)).toEqual(deleted);
  });
});

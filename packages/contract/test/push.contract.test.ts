import { describe, expect, it } from 'vitest';
import {
  PUSH_ACTIONS,
  legacyPushPayloadSchema,
  pushContract,
  pushPayloadOf,
  pushPayloadSchema,
  receivedPushSchema,
} from '../src/push.contract';
import { accepted, refusals, text } from './support/parse';
import { NOTIFICATION_ID } from './support/payloads';

const { vapidPublicKey, action, dose } = pushContract;

/** A dose reminder in the first shape (before decision 262), still read by the service worker. */
const reminderPush = {
  v: 1,
  id: NOTIFICATION_ID,
  type: 'reminder',
  title: 'Time for your Morning dose',
  body: 'Aspirin (500mg)',
  tag: 'dose-abc',
  url: '/',
  createdAt: '2026-11-21T08:00:00.000Z',
  actions: Object.values(PUSH_ACTIONS).map((a) => ({ ...a, token: `token-${a.action}` })),
};

describe('push.vapidPublicKey (GET /api/push/vapid-public-key)', () => {
  it('needs no input and answers the public key', () => {
    expect(vapidPublicKey.input.safeParse(undefined).success).toBe(true);
    expect(accepted(vapidPublicKey.output, { publicKey: 'BOr…' })).toEqual({ publicKey: 'BOr…' });
    expect(refusals(vapidPublicKey.output, {})[0]).toMatch(/^publicKey: /);
  });
});

describe('push.action (POST /api/push/action)', () => {
  it('accepts the action token a reminder push carries', () => {
    const token = text(120, 'a');
    expect(accepted(action.input, { token })).toEqual({ token });
  });

  it.each([
    ['no token', {}],
    ['a token too short to be signed', { token: 'short' }],
    ['an oversized token', { token: text(2001) }],
  ])('refuses %s', (_label, input) => {
    expect(refusals(action.input, input)[0]).toMatch(/^token: /);
  });

  it('takes the action a dose page asks for with its token: take, snooze or skip (decision 229)', () => {
    const token = text(120, 'a');
    expect(accepted(action.input, { token, action: 'take' })).toEqual({ token, action: 'take' });
    expect(accepted(action.input, { token, action: 'skip' })).toEqual({ token, action: 'skip' });
    expect(refusals(action.input, { token, action: 'delete' })[0]).toMatch(/^action: /);
  });

  it('takes a postponement with its new time, an HH:MM of the day (decision 343)', () => {
    const token = text(120, 'a');
    const postpone = { token, action: 'postpone', newTime: '21:30' };
    expect(accepted(action.input, postpone)).toEqual(postpone);
    expect(refusals(action.input, { ...postpone, newTime: '25:00' })[0]).toMatch(/^newTime: /);
    expect(refusals(action.input, { ...postpone, newTime: '9:30 PM' })[0]).toMatch(/^newTime: /);
  });

  it('answers which action ran: take, snooze or skip', () => {
    expect(accepted(action.output, { success: true, message: 'Snoozed', action: 'snooze' })).toMatchObject({
      action: 'snooze',
    });
    expect(refusals(action.output, { success: true, message: 'x', action: 'delete' })[0]).toMatch(
      /^action: /,
    );
  });
});

/** The same reminder as the server sends it now: a declarative push message (decisions 242, 262). */
const leanPush = pushPayloadOf({
  id: NOTIFICATION_ID,
  type: 'reminder',
  title: reminderPush.title,
  body: reminderPush.body,
  tag: 'dose-abc',
  navigate: 'https://meds.example.org/dose?token=t',
  createdAt: reminderPush.createdAt,
  actions: reminderPush.actions,
});

describe('the push payload read by the service worker', () => {
  it('accepts a reminder with both buttons, whose ids are the ones PUSH_ACTIONS names', () => {
    expect(accepted(pushPayloadSchema, leanPush).actions.map((a) => a.action)).toEqual(['take', 'snooze']);
  });

  it('carries the dose page link once, in the declarative notification; the words for older workers too', () => {
    expect(leanPush).toEqual({
      v: 1,
      id: NOTIFICATION_ID,
      type: 'reminder',
      title: reminderPush.title,
      body: reminderPush.body,
      tag: 'dose-abc',
      url: '/',
      createdAt: reminderPush.createdAt,
      actions: reminderPush.actions,
      web_push: 8030,
      notification: {
        title: reminderPush.title,
        body: reminderPush.body,
        navigate: 'https://meds.example.org/dose?token=t',
        tag: 'dose-abc',
        lang: 'en',
      },
    });
  });

  it('refuses another version, an unknown type, an unknown button, or a link to another site', () => {
    expect(refusals(pushPayloadSchema, { ...leanPush, v: 2 })[0]).toMatch(/^v: /);
    expect(refusals(pushPayloadSchema, { ...leanPush, type: 'promotion' })[0]).toMatch(/^type: /);
    const odd = { ...leanPush, actions: [{ action: 'delete', title: 'Delete', token: 't' }] };
    expect(refusals(pushPayloadSchema, odd)[0]).toMatch(/^actions\.0\.action: /);
    const away = { ...leanPush, notification: { ...leanPush.notification, navigate: '//evil.example/' } };
    expect(refusals(pushPayloadSchema, away)[0]).toMatch(/^notification\.navigate: /);
  });

  it('reads either shape as a received push; the first shape keeps its own rules', () => {
    expect(receivedPushSchema.safeParse(leanPush).success).toBe(true);
    expect(receivedPushSchema.safeParse(reminderPush).success).toBe(true);
    // A service worker from before decision 262 reads what is sent now (its schema was the first
    // shape's), and opens the app.
    expect(accepted(legacyPushPayloadSchema, leanPush)).toMatchObject({
      title: reminderPush.title,
      url: '/',
    });
    expect(refusals(legacyPushPayloadSchema, { ...reminderPush, v: 2 })[0]).toMatch(/^v: /);
    expect(refusals(legacyPushPayloadSchema, { ...reminderPush, url: 'https://x.example/' })[0]).toMatch(
      /^url: /,
    );
  });
});

describe('push.dose (GET /api/push/dose)', () => {
  const page = {
    date: '2026-11-21',
    time: '08:00',
    slotName: 'Morning',
    medicines: [{ name: 'Aspirin', dosage: '500mg', taken: false }],
    actions: ['take', 'snooze', 'postpone'],
    timeZone: 'Europe/Berlin',
    expiresAt: '2026-11-21T12:00:00.000Z',
  };

  it('reads a dose with the token of its link, and refuses a missing or control-character token', () => {
    const token = text(120, 'a');
    expect(accepted(dose.input, { token })).toEqual({ token });
    expect(refusals(dose.input, {})[0]).toMatch(/^token: /);
    expect(refusals(dose.input, { token: `${text(40, 'a')}\u0000` })[0]).toMatch(/^token: /);
  });

  it('answers the slot and the actions the link allows, nothing else', () => {
    expect(accepted(dose.output, page)).toEqual(page);
    expect(refusals(dose.output, { ...page, actions: ['delete'] })[0]).toMatch(/^actions\.0: /);
    expect(refusals(dose.output, { ...page, time: '8 AM' })[0]).toMatch(/^time: /);
  });

  it("carries a dose's state: when it was taken, or its skip with the reason (decision 259)", () => {
    const skipped = { reason: 'felt_unwell', note: 'Nausea', skippedAt: '2026-11-21T08:01:00.000Z' };
    const settled = {
      ...page,
      medicines: [
        { name: 'Aspirin', dosage: '500mg', taken: true, takenAt: '2026-11-21T08:05:00.000Z' },
        { name: 'Metformin', dosage: '850 mg', taken: false, skipped },
      ],
      actions: ['take'],
    };
    expect(accepted(dose.output, settled)).toEqual(settled);
    const badSkip = {
      ...settled,
      medicines: [{ ...settled.medicines[1], skipped: { ...skipped, reason: 'bored' } }],
    };
    expect(refusals(dose.output, badSkip)[0]).toMatch(/^medicines\.0\.skipped\.reason: /);
    const badTime = { ...settled, medicines: [{ ...settled.medicines[0], takenAt: 'at eight' }] };
    expect(refusals(dose.output, badTime)[0]).toMatch(/^medicines\.0\.takenAt: /);
    // An open dose postponed (decision 343) says to when.
    const postponed = { ...page, medicines: [{ ...page.medicines[0], postponedTo: '09:30' }] };
    expect(accepted(dose.output, postponed)).toEqual(postponed);
    const badTo = { ...page, medicines: [{ ...page.medicines[0], postponedTo: 'later' }] };
    expect(refusals(dose.output, badTo)[0]).toMatch(/^medicines\.0\.postponedTo: /);
  });
});

describe('the push payload as a declarative push message (decision 242)', () => {
  it('refuses another marker value, or a declarative notification without title, link or marker', () => {
    expect(refusals(pushPayloadSchema, { ...leanPush, web_push: 8031 })[0]).toMatch(/^web_push: /);
    const { navigate: _navigate, ...noLink } = leanPush.notification;
    expect(refusals(pushPayloadSchema, { ...leanPush, notification: noLink })[0]).toMatch(
      /^notification\.navigate: /,
    );
    const { title: _title, ...noTitle } = leanPush.notification;
    expect(refusals(pushPayloadSchema, { ...leanPush, notification: noTitle })[0]).toMatch(
      /^notification\.title: /,
    );
    const { web_push: _marker, ...unmarked } = leanPush;
    expect(refusals(pushPayloadSchema, unmarked)[0]).toMatch(/^web_push: /);
  });
});

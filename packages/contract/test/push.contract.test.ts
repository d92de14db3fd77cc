import { describe, expect, it } from 'vitest';
import { PUSH_ACTIONS, pushContract, pushPayloadSchema } from '../src/push.contract';
import { accepted, refusals, text } from './support/parse';
import { NOTIFICATION_ID } from './support/payloads';

const { vapidPublicKey, action } = pushContract;

/** A dose reminder as the server pushes it to the service worker. */
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

  it('answers which action ran, take or snooze only', () => {
    expect(accepted(action.output, { success: true, message: 'Snoozed', action: 'snooze' })).toMatchObject({
      action: 'snooze',
    });
    expect(refusals(action.output, { success: true, message: 'x', action: 'delete' })[0]).toMatch(
      /^action: /,
    );
  });
});

describe('the push payload read by the service worker', () => {
  it('accepts a reminder with both buttons, whose ids are the ones PUSH_ACTIONS names', () => {
    expect(accepted(pushPayloadSchema, reminderPush).actions.map((a) => a.action)).toEqual([
      'take',
      'snooze',
    ]);
  });

  it('refuses another version, an unknown type or an unknown button', () => {
    expect(refusals(pushPayloadSchema, { ...reminderPush, v: 2 })[0]).toMatch(/^v: /);
    expect(refusals(pushPayloadSchema, { ...reminderPush, type: 'promotion' })[0]).toMatch(/^type: /);
    const odd = { ...reminderPush, actions: [{ action: 'delete', title: 'Delete', token: 't' }] };
    expect(refusals(pushPayloadSchema, odd)[0]).toMatch(/^actions\.0\.action: /);
  });
});

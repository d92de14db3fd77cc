import { describe, expect, it } from 'vitest';
import { notificationOptionsFor, readPushPayload } from './push-handlers';

const payload = {
  v: 1,
  id: '9b5ef6e9-3c98-45e5-871f-a03a2ddc3cf1',
  type: 'reminder',
  title: 'Time for your Morning dose',
  body: 'Aspirin (500mg)',
  tag: 'abc',
  url: '/',
  createdAt: '2026-11-21T08:00:00.000Z',
  actions: [
    { action: 'take', title: 'Mark as taken', token: 't1' },
    { action: 'snooze', title: 'Snooze 10 min', token: 't2' },
  ],
};

describe('service-worker push handling', () => {
  it('reads our Web Push JSON and the same JSON inside an FCM data message', () => {
    expect(readPushPayload(payload)).toEqual(payload);
    expect(readPushPayload({ data: { payload: JSON.stringify(payload) }, from: '123' })).toEqual(payload);
  });

  it('refuses what is not the contract’s payload: no reminder, unknown actions, URLs off this app', () => {
    expect(readPushPayload(null)).toBeNull();
    expect(readPushPayload({ title: 1 })).toBeNull();
    expect(readPushPayload({ data: { payload: '{not json' } })).toBeNull();
    expect(readPushPayload({ ...payload, url: 'https://evil.example/' })).toBeNull();
    expect(readPushPayload({ ...payload, url: '//evil.example/' })).toBeNull();
    expect(
      readPushPayload({
        ...payload,
        actions: [...payload.actions, { action: 'delete', title: 'x', token: 't3' }],
      }),
    ).toBeNull();
    expect(readPushPayload({ ...payload, url: '/medication' })?.url).toBe('/medication');
  });

  it('reads a payload that is also a declarative push message (decision 242); a click opens its dose page', () => {
    const declarative = {
      ...payload,
      url: '/dose?token=abc.def',
      web_push: 8030,
      notification: {
        title: payload.title,
        body: payload.body,
        navigate: 'https://meds.example.org/dose?token=abc.def',
        tag: 'abc',
        lang: 'en',
      },
    };
    expect(readPushPayload(declarative)).toEqual(declarative);
    expect(notificationOptionsFor(readPushPayload(declarative)!).data).toEqual({
      url: '/dose?token=abc.def',
      tokens: { take: 't1', snooze: 't2' },
    });
    // Another marker value, or a declarative notification without its link, is not ours.
    expect(readPushPayload({ ...declarative, web_push: 8031 })).toBeNull();
    expect(readPushPayload({ ...declarative, notification: { title: 'x' } })).toBeNull();
  });

  it('shows both buttons, tags the notification with the dose and keeps the tokens for the click', () => {
    const options = notificationOptionsFor(readPushPayload(payload)!);
    expect(options).toMatchObject({
      body: 'Aspirin (500mg)',
      tag: 'abc',
      renotify: true,
      actions: [
        { action: 'take', title: 'Mark as taken' },
        { action: 'snooze', title: 'Snooze 10 min' },
      ],
      data: { url: '/', tokens: { take: 't1', snooze: 't2' } },
    });
  });
});

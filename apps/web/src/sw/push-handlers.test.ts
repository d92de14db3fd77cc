import { describe, expect, it } from 'vitest';
import { notificationOptionsFor, readPushPayload } from './push-handlers';

/** A push in the first shape (before decision 262): still read, e.g. from an outbox row sent late. */
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

const ORIGIN = 'https://meds.example.org';

/**
 * The same reminder as the server sends it now (decision 262): the dose page's link once, in the
 * declarative notification; the words, tag and the app's path for workers from before it.
 */
const lean = {
  v: 1,
  id: payload.id,
  type: 'reminder',
  title: 'Time for your Morning dose',
  body: 'Aspirin (500mg)',
  tag: 'abc',
  url: '/',
  createdAt: payload.createdAt,
  actions: payload.actions,
  web_push: 8030,
  notification: {
    title: 'Time for your Morning dose',
    body: 'Aspirin (500mg)',
    navigate: `${ORIGIN}/dose?token=abc.def`,
    tag: 'abc',
    lang: 'en',
  },
};

/** What the worker shows for `lean`. */
const leanContent = {
  id: payload.id,
  type: 'reminder',
  title: 'Time for your Morning dose',
  body: 'Aspirin (500mg)',
  tag: 'abc',
  link: '/dose?token=abc.def',
  createdAt: payload.createdAt,
  actions: payload.actions,
};

describe('service-worker push handling', () => {
  it('reads our Web Push JSON and the same JSON inside an FCM data message', () => {
    expect(readPushPayload(lean, ORIGIN)).toEqual(leanContent);
    expect(readPushPayload({ data: { payload: JSON.stringify(lean) }, from: '123' }, ORIGIN)).toEqual(
      leanContent,
    );
  });

  it('reads the words, tag and link from the declarative notification, whose link is its path here', () => {
    // A relative navigate (no PUBLIC_URL) and an absolute one on another origin both open the path
    // on this worker's origin: a push never opens another site.
    const relative = { ...lean, notification: { ...lean.notification, navigate: '/dose?token=x.y' } };
    expect(readPushPayload(relative, ORIGIN)?.link).toBe('/dose?token=x.y');
    const elsewhere = {
      ...lean,
      notification: { ...lean.notification, navigate: 'https://evil.example/x?y=1' },
    };
    expect(readPushPayload(elsewhere, ORIGIN)?.link).toBe('/x?y=1');
    expect(notificationOptionsFor(readPushPayload(lean, ORIGIN)!)).toMatchObject({
      body: 'Aspirin (500mg)',
      tag: 'abc',
      data: { url: '/dose?token=abc.def', tokens: { take: 't1', snooze: 't2' } },
    });
  });

  it('still reads a push in the first shape, whose own members carry the words and link', () => {
    expect(readPushPayload(payload, ORIGIN)).toEqual({
      ...leanContent,
      link: '/',
    });
    expect(readPushPayload({ ...payload, url: '/medication' }, ORIGIN)?.link).toBe('/medication');
  });

  it('refuses what is not the contract’s payload: no reminder, unknown actions, links off this app', () => {
    expect(readPushPayload(null, ORIGIN)).toBeNull();
    expect(readPushPayload({ title: 1 }, ORIGIN)).toBeNull();
    expect(readPushPayload({ data: { payload: '{not json' } }, ORIGIN)).toBeNull();
    expect(readPushPayload({ ...payload, url: 'https://evil.example/' }, ORIGIN)).toBeNull();
    expect(readPushPayload({ ...payload, url: '//evil.example/' }, ORIGIN)).toBeNull();
    const protocolRelative = { ...lean, notification: { ...lean.notification, navigate: '//evil.example/' } };
    expect(readPushPayload(protocolRelative, ORIGIN)).toBeNull();
    const script = { ...lean, notification: { ...lean.notification, navigate: 'javascript:alert(1)' } };
    expect(readPushPayload(script, ORIGIN)).toBeNull();
    expect(
      readPushPayload(
        { ...lean, actions: [...lean.actions, { action: 'delete', title: 'x', token: 't3' }] },
        ORIGIN,
      ),
    ).toBeNull();
    // Another marker value, or a declarative notification without its link, is not ours.
    expect(readPushPayload({ ...lean, web_push: 8031 }, ORIGIN)).toBeNull();
    expect(readPushPayload({ ...lean, notification: { title: 'x' } }, ORIGIN)).toBeNull();
    // Without the declarative notification it is a push of the first shape: its own words and link.
    const { notification: _n, ...bare } = lean;
    expect(readPushPayload(bare, ORIGIN)?.link).toBe('/');
  });

  it('shows both buttons, tags the notification with the dose and keeps the tokens for the click', () => {
    const options = notificationOptionsFor(readPushPayload(lean, ORIGIN)!);
    expect(options).toMatchObject({
      body: 'Aspirin (500mg)',
      tag: 'abc',
      renotify: true,
      actions: [
        { action: 'take', title: 'Mark as taken' },
        { action: 'snooze', title: 'Snooze 10 min' },
      ],
      data: { url: '/dose?token=abc.def', tokens: { take: 't1', snooze: 't2' } },
    });
  });
});

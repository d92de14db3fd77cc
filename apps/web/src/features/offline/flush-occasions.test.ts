import { afterEach, describe, expect, it, vi } from 'vitest';
import type { OutboxEntry } from './outbox-entry';

/** The device's queue: one 'Mark as taken' the service worker kept while offline. */
const queue: OutboxEntry[] = [];
vi.mock('./outbox.store', () => ({
  outboxStore: {
    all: () => Promise.resolve([...queue]),
    remove: (seq: number) => {
      const at = queue.findIndex((e) => e.seq === seq);
      if (at >= 0) queue.splice(at, 1);
      return Promise.resolve();
    },
  },
}));
const { onFlushOccasions } = await import('./flush-occasions');
const { flushOutbox } = await import('./outbox-flush');

function queueTake(): void {
  queue.push({
    seq: 1,
    key: 'k-1',
    userId: '',
    userEmail: '',
    madeAt: '2026-11-21T08:01:00.000Z',
    kind: 'pushAction',
    token: 'signed.token',
  });
}

/** A page whose visibility the test sets, and a server that records what reaches it. */
function page() {
  const state = { visibility: 'hidden' as DocumentVisibilityState };
  const doc = new EventTarget() as EventTarget & { visibilityState: DocumentVisibilityState };
  Object.defineProperty(doc, 'visibilityState', { get: () => state.visibility });
  const win = new EventTarget();
  const sent: string[] = [];
  const fetch = vi.fn((url: string | URL | Request) => {
    sent.push(url instanceof Request ? url.url : url.toString());
    return Promise.resolve(new Response('{"success":true}', { status: 200 }));
  });
  let flushing = Promise.resolve();
  const stop = onFlushOccasions(
    () => {
      flushing = flushOutbox({ origin: 'https://meds.test', fetch, token: () => Promise.resolve(null) }).then(
        () => undefined,
      );
    },
    { window: win as unknown as Window, document: doc as unknown as Document },
  );
  return {
    state,
    sent,
    stop,
    async fire(target: 'window' | 'document', type: string) {
      (target === 'window' ? win : doc).dispatchEvent(new Event(type));
      await flushing;
    },
  };
}

afterEach(() => {
  queue.length = 0;
});

describe('the page sends writes kept offline beyond Background Sync (issue 53)', () => {
  it('sends the queue when the page is shown again, and only then', async () => {
    const p = page();
    queueTake();
    // Hidden (the phone locked, another app in front): nothing is sent.
    await p.fire('document', 'visibilitychange');
    expect(p.sent).toEqual([]);
    p.state.visibility = 'visible';
    await p.fire('document', 'visibilitychange');
    expect(p.sent).toEqual(['https://meds.test/api/push/action']);
    expect(queue).toEqual([]);
    p.stop();
  });

  it('sends the queue when the browser is back online, and stops listening when told', async () => {
    const p = page();
    queueTake();
    await p.fire('window', 'online');
    expect(p.sent).toEqual(['https://meds.test/api/push/action']);
    p.stop();
    queueTake();
    await p.fire('window', 'online');
    p.state.visibility = 'visible';
    await p.fire('document', 'visibilitychange');
    expect(p.sent).toHaveLength(1);
    expect(queue).toHaveLength(1);
  });
});

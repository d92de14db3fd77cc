import { zonedNow } from '@medrem/domain';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { clockedFetch, serverClock } from './server-clock';

const SERVER_NOW = Date.parse('2026-11-21T22:30:00.000Z');
const HOUR = 3_600_000;

/** An answer from the server as it leaves it: its own Date header. */
const answerAt = (serverMs: number) =>
  new Response('{}', { headers: { date: new Date(serverMs).toUTCString() } });

describe('serverClock: a device clock hours off (issue 8)', () => {
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
    serverClock.reset();
  });

  it.each([
    ['5 hours ahead', 5 * HOUR, SERVER_NOW],
    ['9 hours behind', -9 * HOUR, Date.parse('2026-11-21T03:30:00.000Z')],
  ])(
    'with the device %s, "now" and today are the server’s once it has answered',
    async (_label, skew, serverMs) => {
      vi.useFakeTimers({ now: serverMs + skew });
      vi.stubGlobal(
        'fetch',
        vi.fn(async () => answerAt(serverMs)),
      );
      // Before any answer, only the device clock is known.
      expect(zonedNow(serverClock.now(), 'UTC').date).toBe(zonedNow(new Date(serverMs + skew), 'UTC').date);
      await clockedFetch('/trpc/auth.session');
      expect(Math.abs(serverClock.now().getTime() - serverMs)).toBeLessThanOrEqual(1000);
      expect(zonedNow(serverClock.now(), 'UTC').date).toBe('2026-11-21');
      // The device's own reading is another day: the dashboard would have shown the wrong doses.
      expect(zonedNow(new Date(), 'UTC').date).not.toBe('2026-11-21');
    },
  );

  it('ignores differences below a minute (the header has whole seconds only)', async () => {
    vi.useFakeTimers({ now: SERVER_NOW + 20_000 });
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => answerAt(SERVER_NOW)),
    );
    await clockedFetch('/trpc/auth.session');
    expect(serverClock.offsetMs()).toBe(0);
  });

  it('keeps the last offset when an answer has no usable Date header', async () => {
    vi.useFakeTimers({ now: SERVER_NOW + 2 * HOUR });
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => answerAt(SERVER_NOW)),
    );
    await clockedFetch('/a');
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('{}')),
    );
    await clockedFetch('/b');
    expect(Math.round(serverClock.offsetMs() / HOUR)).toBe(-2);
  });
});

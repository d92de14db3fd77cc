import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakePushWorkerScope as fakeScope } from '../test/push-worker-scope.fake';
import { QUEUED_TAKE_MESSAGE, registerPushHandlers } from './push-handlers';

describe("'Mark as taken' without a network (issue 12)", () => {
  afterEach(() => vi.unstubAllGlobals());

  it('keeps the press on the device with the moment it was made, and says so', async () => {
    vi.stubGlobal('fetch', vi.fn().mockRejectedValue(new TypeError('Failed to fetch')));
    const queueTake = vi.fn().mockResolvedValue(undefined);
    const { scope, shown, opened, click } = fakeScope();
    registerPushHandlers(scope, { queueTake });
    const before = Date.now();
    await click('take');
    expect(queueTake).toHaveBeenCalledTimes(1);
    const [token, pressedAt] = queueTake.mock.calls[0] as [string, Date];
    expect(token).toBe('take-token');
    expect(pressedAt.getTime()).toBeGreaterThanOrEqual(before);
    expect(shown).toEqual([
      {
        title: 'Medicine Reminder',
        options: expect.objectContaining({ body: QUEUED_TAKE_MESSAGE, tag: 'dose-0' }),
      },
    ]);
    expect(opened).toEqual([]);
  });

  it('does not queue a refused action (expired token): the app opens instead', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn().mockResolvedValue(new Response(JSON.stringify({ message: 'expired' }), { status: 401 })),
    );
    const queueTake = vi.fn();
    const { scope, opened, click } = fakeScope();
    registerPushHandlers(scope, { queueTake });
    await click('take');
    expect(queueTake).not.toHaveBeenCalled();
    expect(opened).toEqual(['https://app.example/']);
  });

  it('a snooze pressed offline is not queued (it would fire late): the app opens', async () => {
    vi.stubGlobal('fetch', vi.fn().mockRejectedValue(new TypeError('Failed to fetch')));
    const queueTake = vi.fn();
    const { scope, opened, click } = fakeScope();
    registerPushHandlers(scope, { queueTake });
    await click('snooze');
    expect(queueTake).not.toHaveBeenCalled();
    expect(opened).toEqual(['https://app.example/']);
  });
});

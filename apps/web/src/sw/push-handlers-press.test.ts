import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakePushWorkerScope } from '../test/push-worker-scope.fake';
import { QUEUED_TAKE_MESSAGE, registerPushHandlers } from './push-handlers';

describe("the answer to a pressed 'Mark as taken' stays on screen", () => {
  afterEach(() => vi.unstubAllGlobals());

  it("replaces the reminder with the API's message once the pressed one is closed, even when the close lags", async () => {
    // The API answers before the browser has closed the pressed notification (a fast server, a
    // busy browser): shown at once, the answer would be closed by that late close.
    vi.stubGlobal(
      'fetch',
      vi.fn().mockResolvedValue(new Response(JSON.stringify({ message: 'Aspirin marked as taken!' }))),
    );
    const { scope, showing, click } = fakePushWorkerScope({ closeLagMs: 60 });
    registerPushHandlers(scope);
    await click('take');
    expect([...showing.values()]).toEqual([{ title: 'Medicine Reminder', body: 'Aspirin marked as taken!' }]);
  });

  it('says a press kept offline is saved, in the same place, when the close lags', async () => {
    vi.stubGlobal('fetch', vi.fn().mockRejectedValue(new TypeError('Failed to fetch')));
    const { scope, showing, click } = fakePushWorkerScope({ closeLagMs: 60 });
    registerPushHandlers(scope, { queueTake: () => Promise.resolve() });
    await click('take');
    expect([...showing.values()]).toEqual([{ title: 'Medicine Reminder', body: QUEUED_TAKE_MESSAGE }]);
  });

  it('shows the answer again when the late close took it after the pressed one had left the list', async () => {
    // Chromium deletes the pressed notification's record at once but closes it on screen later,
    // by its tag: the answer, shown as soon as the list was empty, was closed (CI, stop 67's
    // rehearsal). The worker watches its answer for a moment and shows it again.
    vi.stubGlobal(
      'fetch',
      vi.fn().mockResolvedValue(new Response(JSON.stringify({ message: 'Aspirin marked as taken!' }))),
    );
    const { scope, showing, shown, click } = fakePushWorkerScope({ closeLagMs: 200, unlistedAtOnce: true });
    registerPushHandlers(scope);
    await click('take');
    expect([...showing.values()]).toEqual([{ title: 'Medicine Reminder', body: 'Aspirin marked as taken!' }]);
    expect(shown.filter((n) => n.options?.body === 'Aspirin marked as taken!')).toHaveLength(2);
  });
});

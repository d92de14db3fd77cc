import { afterEach, describe, expect, it, vi } from 'vitest';
import { startToken } from '../../lib/start-token';
import type { QueryUtils } from '../../lib/trpc';
import { prefetchDashboardAtStart } from './dashboard.prefetch';

const ADA = { id: 'user-1', email: 'ada@example.com', name: 'Ada' };

/** The cache helpers the prefetch uses, recording what it asked for and in which order. */
function fakeUtils(sessionUser: typeof ADA | null) {
  const asked: string[] = [];
  const record = (name: string, answer: unknown = undefined) =>
    vi.fn((input: unknown) => {
      asked.push(`${name} ${JSON.stringify(input)}`);
      return Promise.resolve(answer);
    });
  const utils = {
    auth: { session: { getData: () => ({ user: sessionUser }) } },
    settings: { get: { ensureData: record('settings.get', { settings: { timezone: 'UTC' } }) } },
    medicine: {
      list: { ensureData: record('medicine.list', { findMedicine: [{ id: 'm1' }, { id: 'm2' }] }) },
      refillReminders: { prefetch: record('medicine.refillReminders') },
      getTaken: { prefetch: record('medicine.getTaken') },
      history: { prefetch: record('medicine.history') },
    },
  };
  return { utils: utils as unknown as QueryUtils, asked };
}

describe('the home route’s prefetch at a signed-in start (decision 059)', () => {
  afterEach(() => vi.restoreAllMocks());

  it('asks for the dashboard’s answers once the start’s token is there, then per medicine', async () => {
    let tokenArrived: (ready: boolean) => void = () => undefined;
    const ready = vi
      .spyOn(startToken, 'ready')
      .mockReturnValue(new Promise((resolve) => (tokenArrived = resolve)));
    const { utils, asked } = fakeUtils(ADA);
    const done = prefetchDashboardAtStart(utils);
    await Promise.resolve();
    // Nothing leaves before the token: it would be refused without one.
    expect(asked).toEqual([]);
    tokenArrived(true);
    await done;
    expect(ready).toHaveBeenCalledWith(ADA);
    expect(asked.slice(0, 3).sort()).toEqual([
      'medicine.list {"userEmail":"ada@example.com"}',
      'medicine.refillReminders {"userEmail":"ada@example.com"}',
      'settings.get {"userEmail":"ada@example.com"}',
    ]);
    // Today's taken doses and the month's history of each medicine of the list.
    const perMedicine = asked
      .slice(3)
      .map((call) => call.split(' ')[0] + ' ' + JSON.parse(call.split(' ')[1]!).id);
    expect(perMedicine.sort()).toEqual([
      'medicine.getTaken m1',
      'medicine.getTaken m2',
      'medicine.history m1',
      'medicine.history m2',
    ]);
  });

  it('asks for nothing when no one is signed in, or when the token could not be had', async () => {
    const ready = vi.spyOn(startToken, 'ready');
    const signedOut = fakeUtils(null);
    await prefetchDashboardAtStart(signedOut.utils);
    expect(signedOut.asked).toEqual([]);
    expect(ready).not.toHaveBeenCalled();

    ready.mockResolvedValue(false);
    const refused = fakeUtils(ADA);
    await prefetchDashboardAtStart(refused.utils);
    expect(refused.asked).toEqual([]);
  });
});

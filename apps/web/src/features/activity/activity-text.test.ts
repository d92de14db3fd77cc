import type { ActivityEntry } from '@medrem/contract';
import { describe, expect, it } from 'vitest';
import { activityMeta, activityText, groupByDay } from './activity-text';

const base = { id: '0b8e8e4a-6b1e-4a43-9d6a-2f1d1c1f7a11', device: null, ip: null };

describe('the recent activity in words', () => {
  it('names who viewed what, and how a sign-in was made', () => {
    expect(
      activityText({
        ...base,
        at: '2026-11-21T10:00:00.000Z',
        kind: 'care-read',
        detail: {
          what: 'today-doses-and-medicines',
          caregiver: { name: 'Carla', email: 'carla@example.com' },
        },
      }),
    ).toBe('Your caregiver Carla (carla@example.com) viewed today’s doses and your medicines');
    expect(
      activityText({
        ...base,
        at: '2026-11-21T10:00:00.000Z',
        kind: 'care-read',
        detail: { what: 'today-doses', caregiver: { name: '', email: 'c@example.com' } },
      }),
    ).toBe('Your caregiver c@example.com viewed today’s doses');
    expect(
      activityText({
        ...base,
        at: '2026-11-21T10:00:00.000Z',
        kind: 'sign-in',
        detail: { method: 'google' },
      }),
    ).toBe('Signed in with Google');
  });

  it('shows the time, the device and the shortened network', () => {
    const entry: ActivityEntry = {
      ...base,
      at: '2026-11-21T10:05:00.000Z',
      kind: 'sign-in',
      detail: { method: 'password' },
      device: 'Firefox on Windows',
      ip: '203.0.113.0',
    };
    expect(activityMeta(entry, 'UTC')).toBe('10:05 · Firefox on Windows · network 203.0.113.0');
  });

  it('groups by day in the given zone, newest first, as Today, Yesterday and the date', () => {
    const at = (iso: string, id: string): ActivityEntry => ({
      ...base,
      id,
      at: iso,
      kind: 'data-export',
      detail: {},
    });
    const days = groupByDay(
      [at('2026-11-21T09:00:00Z', 'a'), at('2026-11-20T23:30:00Z', 'b'), at('2026-11-19T12:00:00Z', 'c')],
      new Date('2026-11-21T10:00:00Z'),
      'Europe/Berlin',
    );
    // 23:30 UTC on the 20th is already the 21st in Berlin.
    expect(days.map((d) => [d.label, d.entries.map((e) => e.id)])).toEqual([
      ['Today', ['a', 'b']],
      ['Thursday, 19 November 2026', ['c']],
    ]);
  });
});

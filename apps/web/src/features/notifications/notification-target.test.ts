import type { Notification } from '@medrem/contract';
import { describe, expect, it } from 'vitest';
import { REFILLS_ID, TODAY_DOSES_ID, notificationTarget } from './notification-target';

const own = new Set(['Aspirin', 'Metformin']);
const of = (type: Notification['type'], medicineName: string | null) =>
  notificationTarget({ type, medicineName }, own);

describe('notificationTarget: what a notification opens (bell and in-app reminder, decision 199)', () => {
  it('opens today’s doses for a reminder or a missed dose of the user’s own medicine', () => {
    expect(of('reminder', 'Aspirin')).toMatchObject({ to: '/', hash: TODAY_DOSES_ID });
    expect(of('reminder', null)).toMatchObject({ to: '/', hash: TODAY_DOSES_ID });
    expect(of('missed_dose', 'Metformin')).toMatchObject({ to: '/', hash: TODAY_DOSES_ID });
  });

  it('opens the refill panel for a refill reminder', () => {
    expect(of('refill', 'Metformin')).toMatchObject({ to: '/', hash: REFILLS_ID });
  });

  it('opens the care view for an alert about someone else’s medicine (a caregiver’s alert)', () => {
    expect(of('missed_dose', 'Warfarin')).toEqual({ to: '/care', label: 'Open care' });
    expect(of('refill', 'Warfarin')).toEqual({ to: '/care', label: 'Open care' });
  });

  it('opens the dashboard for a medicine not listed yet when the user cares for nobody', () => {
    expect(notificationTarget({ type: 'refill', medicineName: 'New' }, own, false)).toMatchObject({
      to: '/',
      hash: REFILLS_ID,
    });
  });

  it('opens the page a notification names (decision 346): a measurement reminder’s reading page', () => {
    const link = '/journal?measure=blood-pressure&due=2026-12-07T08:00:00.000Z';
    // A 'reminder' without a medicine would open today's doses by its type.
    expect(notificationTarget({ type: 'reminder', medicineName: null, link }, own)).toEqual({
      href: link,
      label: 'Enter reading',
    });
    expect(notificationTarget({ type: 'refill', medicineName: 'Aspirin', link: '/cabinet' }, own)).toEqual({
      href: '/cabinet',
      label: 'Open cabinet',
    });
  });

  it('opens by the type when the link is none, or not a page of this app', () => {
    for (const link of [null, undefined, '', '//evil.example/journal', 'https://evil.example/']) {
      expect(notificationTarget({ type: 'reminder', medicineName: null, link }, own)).toMatchObject({
        to: '/',
        hash: TODAY_DOSES_ID,
      });
    }
  });

  it('opens the dashboard for anything else', () => {
    expect(of('generic', null)).toEqual({ to: '/', label: 'Open' });
    expect(of('success', 'Aspirin')).toEqual({ to: '/', label: 'Open' });
  });
});

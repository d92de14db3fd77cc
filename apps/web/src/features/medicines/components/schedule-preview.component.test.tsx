import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { SchedulePreview } from './schedule-preview.component';

const props = {
  idPrefix: 'add',
  frequency: '1',
  startDate: '2026-12-01',
  from: '2026-12-01',
  addedAt: '2026-11-20T10:00:00Z',
  timeZone: 'Europe/Berlin',
  defaultReminderTimes: ['08:00', '14:00', '20:00'],
};

describe('SchedulePreview: the course’s last dose (decision 188)', () => {
  it('every 8 hours for 7 days from 7 PM: 21 doses, the last on the eighth day at 11 AM', () => {
    render(
      <SchedulePreview
        {...props}
        originalDurationDays={7}
        schedule={{ kind: 'interval', everyHours: 8, startTime: '19:00' }}
      />,
    );
    const last = screen.getByTestId('add-last-dose');
    expect(last.textContent).toContain('Last dose: Tue, Dec 8 at 11:00 AM');
    expect(last.textContent).toContain('21 doses');
  });

  it('a daily course: its last day’s last dose time', () => {
    render(<SchedulePreview {...props} frequency="1-0-1" originalDurationDays={7} schedule={null} />);
    expect(screen.getByTestId('add-last-dose').textContent).toContain('Last dose: Mon, Dec 7 at 8:00 PM');
  });
});

/** "1-0-1 for 7 days" starting on Dec 1 in Berlin, added at `addedAt`. */
const renderTwiceDaily = (addedAt: string) =>
  render(
    <SchedulePreview
      {...props}
      frequency="1-0-1"
      originalDurationDays={7}
      schedule={null}
      addedAt={addedAt}
    />,
  );

describe('SchedulePreview: a slot course added after some of its first day’s doses (decision 247)', () => {
  it('marks the past dose and counts the course from now', () => {
    // Berlin 14:00 on the start date: the 8:00 AM dose is before the medicine is added.
    renderTwiceDaily('2026-12-01T13:00:00Z');
    const list = screen.getByTestId('add-preview');
    expect(list.textContent).toContain('8:00 AM (already past), 8:00 PM');
    // The next day lists both doses, none past.
    expect(list.textContent).toContain('Wed, Dec 2');
    expect(list.textContent).not.toMatch(/Wed, Dec 2[^T]*already past/);
    const last = screen.getByTestId('add-last-dose').textContent ?? '';
    expect(last).toContain('Last dose: Mon, Dec 7 at 8:00 PM');
    expect(last).toContain("13 doses from now: today's 8:00 AM dose is already past");
  });

  it('says nothing of the past when the medicine was added before its first dose', () => {
    renderTwiceDaily('2026-12-01T06:00:00Z');
    expect(screen.getByTestId('add-preview').textContent).not.toContain('already past');
    expect(screen.getByTestId('add-last-dose').textContent).not.toContain('from now');
  });
});

import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { SchedulePreview } from './schedule-preview.component';

const props = {
  idPrefix: 'add',
  frequency: '1',
  startDate: '2026-12-01',
  from: '2026-12-01',
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

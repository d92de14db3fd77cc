import { render, screen } from '@testing-library/react';
import { quietHoursIssue } from '@medrem/domain';
import { afterEach, describe, expect, it } from 'vitest';
import { inLanguage } from '../../../test/languages';
import { FollowUpSettingsFields } from './follow-up-settings.component';

const sameTimes = { enabled: true, start: '22:00', end: '22:00' };
const show = () =>
  render(
    <FollowUpSettingsFields
      followUps={{ everyMinutes: 10, times: 3 }}
      quietHours={sameTimes}
      onChange={() => undefined}
    />,
  );

describe('quiet hours that start and end at once (issue 54)', () => {
  afterEach(() => inLanguage('en'));

  it('say so at the field in the API’s English', () => {
    show();
    expect(screen.getByText(quietHoursIssue(sameTimes)!)).toBeTruthy();
  });

  it('say so in German', async () => {
    await inLanguage('de');
    show();
    expect(
      screen.getByText('Die Ruhezeiten müssen zu verschiedenen Uhrzeiten beginnen und enden.'),
    ).toBeTruthy();
  });
});

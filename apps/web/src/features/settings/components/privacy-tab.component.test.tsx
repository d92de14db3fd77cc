import { render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { PrivacyTab } from './privacy-tab.component';

vi.mock('../../calendar-feed/calendar-feed-section.component', () => ({ CalendarFeedSection: () => null }));
vi.mock('../../access-tokens/access-tokens-section.component', () => ({ AccessTokensSection: () => null }));
vi.mock('../../passkeys/passkeys-section.component', () => ({ PasskeysSection: () => null }));
vi.mock('../../two-factor/two-factor-section.component', () => ({ TwoFactorSection: () => null }));
vi.mock('./sessions-section.component', () => ({ SessionsSection: () => null }));
vi.mock('./account-actions.component', () => ({ AccountActions: () => null }));
vi.mock('../../activity/recent-activity-section.component', () => ({ RecentActivitySection: () => null }));

describe('Privacy & Security (decision 198)', () => {
  it('offers no "Analytics" switch that switches nothing, and says none are collected', () => {
    render(<PrivacyTab value={{ dataSharing: false, analytics: true }} onChange={vi.fn()} />);
    expect(screen.queryByRole('switch', { name: 'Analytics' })).toBeNull();
    expect(screen.getByRole('switch', { name: 'Data Sharing' })).toBeTruthy();
    expect(screen.getByText(/collects no usage analytics/)).toBeTruthy();
  });
});

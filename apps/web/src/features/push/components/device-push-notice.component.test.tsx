import { render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PAGE_NOTICES_ID } from '../../../shared/ui/page-notices';
import { devicePushState } from '../push-state';
import { DevicePushNotice } from './device-push-notice.component';

vi.mock('../use-device-push.hook', () => ({
  useDevicePush: () => ({ state: 'not-asked', turnOn: vi.fn(), check: vi.fn() }),
}));

afterEach(() => {
  document.body.innerHTML = '';
  localStorage.clear();
});

describe('DevicePushNotice: where the device’s reminder notice is shown', () => {
  it('sits in the page’s notices place, in its flow, never fixed over the page’s buttons', () => {
    devicePushState.set('not-asked');
    const main = document.createElement('main');
    const host = document.createElement('div');
    host.id = PAGE_NOTICES_ID;
    main.append(host);
    document.body.append(main);
    render(<DevicePushNotice />);
    const notice = screen.getByRole('complementary', { name: 'Reminders on this device' });
    expect(host.contains(notice)).toBe(true);
    expect(notice.className).not.toMatch(/\bfixed\b/);
  });

  it('shows nothing on a page without the notices’ place (the signed-out start)', () => {
    devicePushState.set('not-asked');
    render(<DevicePushNotice />);
    expect(screen.queryByRole('complementary', { name: 'Reminders on this device' })).toBeNull();
  });
});

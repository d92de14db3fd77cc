import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { DevicePushState } from '../push-state';
import { DevicePushStatus } from './device-push-status.component';

interface FakeDevice {
  state: DevicePushState;
  turnOn: () => Promise<DevicePushState>;
}
const device = vi.hoisted((): FakeDevice => ({
  state: 'checking',
  turnOn: vi.fn(() => Promise.resolve('subscribed' as const)),
}));
vi.mock('../use-device-push.hook', () => ({
  useDevicePush: () => ({ state: device.state, turnOn: device.turnOn, check: vi.fn() }),
}));

describe('DevicePushStatus: the device’s true state in Settings → Notifications (decision 197)', () => {
  it.each([
    ['denied', /blocked on this device/],
    ['unsupported', /cannot show reminder notifications/],
    ['insecure', /Not a secure connection/],
    ['failed', /could not be registered/],
    ['subscribed', /Reminders are on for this device/],
  ] as const)('%s is said as it is', (state, text) => {
    device.state = state;
    render(<DevicePushStatus />);
    expect(screen.getByRole('heading', { name: text })).toBeTruthy();
  });

  it('asks for permission only from the tap on its button', () => {
    device.state = 'not-asked';
    render(<DevicePushStatus />);
    expect(device.turnOn).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: 'Turn on reminders on this device' }));
    expect(device.turnOn).toHaveBeenCalledTimes(1);
  });

  it('offers no button where a tap cannot help', () => {
    device.state = 'denied';
    render(<DevicePushStatus />);
    expect(screen.queryByRole('button')).toBeNull();
  });
});

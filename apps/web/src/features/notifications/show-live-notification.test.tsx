import type { Notification } from '@medrem/contract';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ToastHost } from '../../shared/ui/toast-host.component';
import { readLiveNotification, showLiveNotification } from './show-live-notification';

const reminder: Notification = {
  id: '0b9f3c52-8d8e-4c4b-9f1e-1a2b3c4d5e6f',
  type: 'reminder',
  title: 'Time for your Morning dose',
  message: 'Aspirin (500mg)',
  medicineName: 'Aspirin',
  link: null,
  isRead: false,
  createdAt: '2026-11-21T08:00:00.000Z',
};

describe('a reminder arriving while the app is open is shown in the page (decision 199)', () => {
  it('reads the live stream’s event, and nothing else', () => {
    expect(readLiveNotification(JSON.stringify(reminder))).toEqual(reminder);
    expect(readLiveNotification('')).toBeNull();
    expect(readLiveNotification('{"id":1}')).toBeNull();
    expect(readLiveNotification(undefined)).toBeNull();
  });

  it('shows the reminder with its actions until one is used, once per notification', async () => {
    render(<ToastHost />);
    const open = vi.fn();
    const markRead = vi.fn();
    showLiveNotification(reminder, { openLabel: 'Show dose', open, markRead });
    showLiveNotification(reminder, { openLabel: 'Show dose', open, markRead });
    expect(await screen.findByText('Time for your Morning dose')).toBeTruthy();
    expect(screen.getByText('Aspirin (500mg)')).toBeTruthy();
    await waitFor(() => expect(screen.getAllByTestId('live-notification')).toHaveLength(1));
    fireEvent.click(screen.getByRole('button', { name: 'Show dose' }));
    expect(open).toHaveBeenCalledTimes(1);
    expect(markRead).not.toHaveBeenCalled();
  });

  it('dismissing it marks it read', async () => {
    render(<ToastHost />);
    const markRead = vi.fn();
    showLiveNotification(
      { ...reminder, id: 'a-second-one' },
      { openLabel: 'Show dose', open: vi.fn(), markRead },
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Dismiss' }));
    expect(markRead).toHaveBeenCalledTimes(1);
  });

  it('does not interrupt for a confirmation or a notification already read', async () => {
    render(<ToastHost />);
    showLiveNotification(
      { ...reminder, id: 'done', type: 'success', title: 'Saved' },
      {
        openLabel: 'Open',
        open: vi.fn(),
        markRead: vi.fn(),
      },
    );
    showLiveNotification(
      { ...reminder, id: 'read', isRead: true, title: 'Read before' },
      {
        openLabel: 'Open',
        open: vi.fn(),
        markRead: vi.fn(),
      },
    );
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(screen.queryByText('Saved')).toBeNull();
    expect(screen.queryByText('Read before')).toBeNull();
  });
});

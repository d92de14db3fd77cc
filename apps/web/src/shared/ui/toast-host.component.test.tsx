import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { notify } from '../../lib/toast';
import { ToastHost } from './toast-host.component';

describe('ToastHost (react-toastify loaded on demand)', () => {
  it('renders nothing until a toast is asked for, then shows it, and later ones too', async () => {
    const { container } = render(<ToastHost />);
    expect(container.querySelector('.Toastify')).toBeNull();

    // Shown before the container's chunk has loaded: it waits in react-toastify's queue.
    notify.success('Medicine saved');
    expect(await screen.findByText('Medicine saved')).toBeTruthy();

    notify.error('Could not save');
    expect(await screen.findByText('Could not save')).toBeTruthy();
  });
});

import { act, render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ToastHost } from '../shared/ui/toast-host.component';
import { afterHold, holdNotices, noticesHeld } from './notices-held';
import { notify } from './toast';

describe('notices held while a popover is open (decision 258)', () => {
  it('counts holds: released only when every holder has let go, a second release does nothing', () => {
    const first = holdNotices();
    const second = holdNotices();
    first();
    first();
    expect(noticesHeld.current()).toBe(true);
    second();
    expect(noticesHeld.current()).toBe(false);
  });

  it('runs what waits for the hold once, when it ends', () => {
    const runs: string[] = [];
    afterHold(() => runs.push('now'));
    const release = holdNotices();
    afterHold(() => runs.push('later'));
    expect(runs).toEqual(['now']);
    release();
    holdNotices()();
    expect(runs).toEqual(['now', 'later']);
  });

  it('hides the shown toasts during a hold and shows a new one only after it', async () => {
    render(<ToastHost />);
    notify.info('Shown before');
    expect(await screen.findByText('Shown before')).toBeTruthy();
    let release!: () => void;
    act(() => {
      release = holdNotices();
    });
    const host = screen.getByTestId('toasts');
    expect(host.className).toContain('invisible');
    notify.success('Shown during');
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByText('Shown during')).toBeNull();
    act(() => release());
    expect(host.className).not.toContain('invisible');
    expect(await screen.findByText('Shown during')).toBeTruthy();
    await waitFor(() => expect(screen.getByText('Shown before')).toBeTruthy());
  });
});

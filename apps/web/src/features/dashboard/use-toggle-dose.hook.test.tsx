import { act, fireEvent, render, renderHook, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ToastHost } from '../../shared/ui/toast-host.component';
import type { SlotDose } from './dose-slots.model';
import { useToggleDose } from './use-toggle-dose.hook';

vi.mock('../../lib/trpc', () => ({
  trpc: { useUtils: () => ({ medicine: { getTaken: { cancel: () => Promise.resolve() } } }) },
}));
vi.mock('../auth/auth.context', () => ({
  useSignedInUser: () => ({ id: 'u1', email: 'ada@example.com', name: 'Ada' }),
}));
vi.mock('../offline/outbox-sync', () => ({ queueWrite: () => Promise.resolve() }));
vi.mock('../../shared/dialogs/dialog.store', () => ({ confirmDialog: () => Promise.resolve(true) }));
vi.mock('../../shared/dialogs/lazy-dialog-host.component', () => ({
  preloadDialogHost: () => Promise.resolve(),
}));

const dose = (taken: boolean) =>
  ({ medicine: { id: 'm1', name: 'Aspirin' }, taken, takenToday: taken ? '1' : '0' }) as unknown as SlotDose;

describe('useToggleDose: the "marked as taken!" message follows the tick (issue 51)', () => {
  it('closes the message when the dose is unticked', async () => {
    render(<ToastHost />);
    const { result } = renderHook(() => useToggleDose('2026-11-21'));
    await act(() => result.current.toggle(0, dose(false)));
    const shown = (await screen.findByText('Aspirin marked as taken!')).closest('.Toastify__toast')!;
    await act(() => result.current.toggle(0, dose(true)));
    // jsdom runs no CSS animation: the toast's exit animation is told to end by hand.
    await waitFor(() => expect(shown.className).toMatch(/exit/));
    fireEvent.animationEnd(shown);
    await waitFor(() => expect(screen.queryByText('Aspirin marked as taken!')).toBeNull());
  });
});

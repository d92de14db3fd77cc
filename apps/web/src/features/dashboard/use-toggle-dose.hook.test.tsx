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
const queueWrite = vi.hoisted(() => vi.fn((_write: unknown) => Promise.resolve()));
const confirmDialog = vi.hoisted(() => vi.fn(() => Promise.resolve(true)));
vi.mock('../offline/outbox-sync', () => ({ queueWrite }));
vi.mock('../../shared/dialogs/dialog.store', () => ({ confirmDialog }));
vi.mock('../../shared/dialogs/lazy-dialog-host.component', () => ({
  preloadDialogHost: () => Promise.resolve(),
}));

const dose = (taken: boolean, id = 'm1', name = 'Aspirin', slot = 0) =>
  ({ medicine: { id, name }, slot, taken, takenToday: taken ? '1' : '0' }) as unknown as SlotDose;

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

describe('useToggleDose.take: the simple screen’s one button (issue 54)', () => {
  it('queues a taken tick for each dose at its own slot, without asking and without a toast', async () => {
    queueWrite.mockClear();
    confirmDialog.mockClear();
    render(<ToastHost />);
    const { result } = renderHook(() => useToggleDose('2026-11-21'));
    let queued = false;
    await act(async () => {
      queued = await result.current.take([dose(false, 'm1', 'Aspirin', 0), dose(false, 'm2', 'Statin', 2)]);
    });
    expect(queued).toBe(true);
    expect(confirmDialog).not.toHaveBeenCalled();
    expect(queueWrite.mock.calls.map(([write]) => write)).toMatchObject([
      { kind: 'tick', medicineId: 'm1', slot: 0, taken: true, date: '2026-11-21' },
      { kind: 'tick', medicineId: 'm2', slot: 2, taken: true, date: '2026-11-21' },
    ]);
    expect(screen.queryByText(/marked as taken!/)).toBeNull();
  });
});

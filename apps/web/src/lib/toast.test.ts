import { describe, expect, it, vi } from 'vitest';

const dismissed: unknown[] = [];
let next = 0;
const show = () => (next += 1);
vi.mock('react-toastify/unstyled', () => ({
  toast: {
    success: show,
    error: show,
    warning: show,
    info: show,
    dismiss: (id: unknown) => dismissed.push(id),
  },
}));
const { dismissScreenToasts, loadToasts, notify } = await import('./toast');

describe('toasts about a screen (issue 51)', () => {
  it('close when the user leaves the screen; the others stay', async () => {
    notify.warning('The dose times are not complete.', { screen: true }); // 1
    notify.success('Aspirin has been added successfully!'); // 2
    await loadToasts();
    await Promise.resolve();
    dismissScreenToasts();
    await vi.waitFor(() => expect(dismissed).toEqual([1]));
    dismissScreenToasts();
    await Promise.resolve();
    expect(dismissed).toEqual([1]);
  });
});

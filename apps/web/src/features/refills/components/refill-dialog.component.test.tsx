import { fireEvent, render, screen } from '@testing-library/react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { RefillDialog } from './refill-dialog.component';

beforeAll(() => {
  // jsdom has the element but not its modal methods.
  const dialog = HTMLDialogElement.prototype as unknown as Record<string, unknown>;
  dialog.showModal ??= function (this: HTMLDialogElement) {
    this.setAttribute('open', '');
  };
  dialog.close ??= function (this: HTMLDialogElement) {
    this.removeAttribute('open');
  };
});

const renderDialog = () => {
  const onRefill = vi.fn();
  const onCancel = vi.fn();
  render(
    <RefillDialog
      name="Metformin"
      pillsLeft={18}
      packPills={20}
      busy={false}
      onRefill={onRefill}
      onCancel={onCancel}
    />,
  );
  return { onRefill, onCancel, input: screen.getByLabelText('Pills added') };
};

// Decision 182: a refill asks how many pills were added, a pack by default, and adds them.
describe('RefillDialog', () => {
  it('offers a pack and says what the supply becomes', () => {
    const { onRefill, input } = renderDialog();
    expect(screen.getByRole('dialog', { name: 'Refill Metformin' })).toBeTruthy();
    expect((input as HTMLInputElement).value).toBe('20');
    expect(screen.getByText('38 pills after the refill.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Add 20 pills' }));
    expect(onRefill).toHaveBeenCalledWith(20);
  });

  it('adds the number the user gives, and refuses one that is no whole number of pills', () => {
    const { onRefill, input } = renderDialog();
    fireEvent.change(input, { target: { value: '30' } });
    expect(screen.getByText('48 pills after the refill.')).toBeTruthy();
    fireEvent.submit(input.closest('form')!);
    expect(onRefill).toHaveBeenCalledWith(30);

    fireEvent.change(input, { target: { value: '0' } });
    expect(screen.getByRole('alert').textContent).toContain('whole number of pills');
    expect(input.getAttribute('aria-invalid')).toBe('true');
    fireEvent.submit(input.closest('form')!);
    expect(onRefill).toHaveBeenCalledTimes(1);
  });

  it('cancels without refilling', () => {
    const { onRefill, onCancel } = renderDialog();
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onCancel).toHaveBeenCalled();
    expect(onRefill).not.toHaveBeenCalled();
  });
});

import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { TakenAt } from './taken-at.component';

// Decision 191: a taken dose says when it was taken, and the user can correct it.
describe('TakenAt', () => {
  const show = (onCorrect: (time: string) => Promise<string | null>) =>
    render(
      <TakenAt
        medicineName="Aspirin"
        takenAt="2026-11-21T18:32:00.000Z"
        timeZone="Europe/Berlin"
        onCorrect={onCorrect}
      />,
    );

  it('shows the taken time in the saved zone, 12-hour', () => {
    show(vi.fn());
    expect(screen.getByText(/Taken at 7:32 PM/)).toBeTruthy();
  });

  it('corrects the time through a labelled field, and closes once saved', async () => {
    const onCorrect = vi.fn(async () => null);
    show(onCorrect);
    fireEvent.click(screen.getByRole('button', { name: 'Change when Aspirin was taken (taken at 7:32 PM)' }));
    const field = await screen.findByLabelText('Aspirin taken at');
    expect((field as HTMLInputElement).value).toBe('19:32');
    fireEvent.change(field, { target: { value: '19:05' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onCorrect).toHaveBeenCalledWith('19:05'));
    await waitFor(() => expect(screen.queryByLabelText('Aspirin taken at')).toBeNull());
  });

  it('keeps the field open and reads out why a time was refused', async () => {
    show(async () => 'The time a dose was taken cannot be in the future.');
    fireEvent.click(screen.getByRole('button', { name: /Change when Aspirin was taken/ }));
    fireEvent.click(await screen.findByRole('button', { name: 'Save' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'The time a dose was taken cannot be in the future.',
    );
    expect(screen.getByLabelText('Aspirin taken at').getAttribute('aria-invalid')).toBe('true');
  });
});

import { i18n } from '@lingui/core';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DoseTick, NOT_YET_AVAILABLE_HINT as HINT } from './dose-tick.component';

/** The hint in the page's language (English in the tests). */
const NOT_YET_AVAILABLE_HINT = i18n._(HINT);

describe('DoseTick', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('before the slot time: does not toggle, shows the hint for 2 seconds', () => {
    const onToggle = vi.fn();
    render(
      <DoseTick
        label="Aspirin, Morning dose taken"
        taken={false}
        available={false}
        busy={false}
        onToggle={onToggle}
      />,
    );
    const tick = screen.getByRole('button', { name: 'Aspirin, Morning dose taken' });
    expect(tick.getAttribute('aria-disabled')).toBe('true');
    fireEvent.click(tick);
    expect(onToggle).not.toHaveBeenCalled();
    expect(screen.getByText(NOT_YET_AVAILABLE_HINT)).toBeTruthy();
    act(() => {
      vi.advanceTimersByTime(1999);
    });
    expect(screen.queryByText(NOT_YET_AVAILABLE_HINT)).toBeTruthy();
    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(screen.queryByText(NOT_YET_AVAILABLE_HINT)).toBeNull();
  });

  it('from the slot time on: toggles and reports its state', () => {
    const onToggle = vi.fn();
    render(<DoseTick label="Aspirin, Morning dose taken" taken available busy={false} onToggle={onToggle} />);
    const tick = screen.getByRole('button', { name: 'Aspirin, Morning dose taken' });
    expect(tick.getAttribute('aria-pressed')).toBe('true');
    fireEvent.click(tick);
    expect(onToggle).toHaveBeenCalledOnce();
    expect(screen.queryByText(NOT_YET_AVAILABLE_HINT)).toBeNull();
  });

  it('ignores presses while the previous change is being saved', () => {
    const onToggle = vi.fn();
    render(<DoseTick label="Tick" taken={false} available busy onToggle={onToggle} />);
    fireEvent.click(screen.getByRole('button', { name: 'Tick' }));
    expect(onToggle).not.toHaveBeenCalled();
  });
});

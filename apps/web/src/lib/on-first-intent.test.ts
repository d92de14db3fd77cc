import { afterEach, describe, expect, it, vi } from 'vitest';
import { onFirstIntent } from './on-first-intent';

describe('onFirstIntent', () => {
  const cancels: (() => void)[] = [];
  afterEach(() => {
    for (const cancel of cancels.splice(0)) cancel();
  });

  it('waits for the visitor to act, then runs once', () => {
    const task = vi.fn();
    cancels.push(onFirstIntent(task));
    document.dispatchEvent(new Event('scroll'));
    expect(task).not.toHaveBeenCalled();
    document.body.dispatchEvent(new FocusEvent('focusin', { bubbles: true }));
    document.dispatchEvent(new KeyboardEvent('keydown'));
    document.dispatchEvent(new Event('pointerover'));
    expect(task).toHaveBeenCalledTimes(1);
  });

  it.each(['pointerdown', 'pointerover', 'keydown', 'touchstart'])('counts %s as acting', (type) => {
    const task = vi.fn();
    cancels.push(onFirstIntent(task));
    document.dispatchEvent(new Event(type));
    expect(task).toHaveBeenCalledTimes(1);
  });

  it('runs nothing once cancelled (the page left before anyone acted)', () => {
    const task = vi.fn();
    onFirstIntent(task)();
    document.dispatchEvent(new Event('pointerdown'));
    expect(task).not.toHaveBeenCalled();
  });
});
